import { Tag, Tooltip } from 'antd';

/** 欠费 (issue 23): the visit's unpaid 自费 balance; 暂缓发放 when 0140 holds the report for it. */
export function OwedTag({ unpaid, held }: { unpaid: string; held: boolean }) {
  if (Number(unpaid) <= 0) return null;
  return (
    <Tooltip title={held ? '未缴清自费费用，报告暂缓发放' : undefined}>
      <Tag color={held ? 'red' : 'orange'}>
        欠费 ¥{unpaid}
        {held ? ' 暂缓' : ''}
      </Tag>
    </Tooltip>
  );
}
