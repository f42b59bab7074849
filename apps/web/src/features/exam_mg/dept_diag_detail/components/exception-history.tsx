import type { ReactNode } from 'react';
import { Descriptions, Empty, Tag } from 'antd';
import dayjs from 'dayjs';
import type { getExceptionHistory } from '../api/get-exception-history';

export type ExceptionEntry = Awaited<ReturnType<typeof getExceptionHistory>>[number];

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

interface Props {
  entries: ExceptionEntry[] | undefined;
  error: Error | null;
  /** A last row for an entry, e.g. handling an open one (总检审核). */
  action?: (entry: ExceptionEntry) => ReactNode;
}

/** A visit's exception history, department and chief-examination alike (spec §4 异常历史). */
export function ExceptionHistory({ entries, error, action }: Props) {
  return (
    <>
      <h4 style={{ margin: '12px 0 4px' }}>异常历史</h4>
      {error && <div>{error.message}</div>}
      {entries?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无异常记录" />}
      {entries?.map((h) => {
        const extra = action?.(h);
        return (
          <Descriptions key={h.id} size="small" bordered column={1} style={{ marginBottom: 8 }}>
            <Descriptions.Item label="异常类型">
              {h.exception_type === 'dept' ? '科室异常' : '总检异常'}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {h.review_exception_flag === '2' ? <Tag color="success">已处理</Tag> : <Tag color="error">未处理</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="异常内容">{h.review_exception}</Descriptions.Item>
            {h.union_name && <Descriptions.Item label="组合项目">{h.union_name}</Descriptions.Item>}
            <Descriptions.Item label="科室">{h.exception_dept ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提出人">
              {h.exception_user}（{when(h.created_at)}）
            </Descriptions.Item>
            {h.review_advise && <Descriptions.Item label="处理意见">{h.review_advise}</Descriptions.Item>}
            <Descriptions.Item label="处理人">
              {h.exception_handler_name ? `${h.exception_handler_name}（${when(h.exception_handler_time)}）` : '-'}
            </Descriptions.Item>
            {h.exception_images.length > 0 && (
              <Descriptions.Item label="图片">
                {h.exception_images.map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                    查看图片
                  </a>
                ))}
              </Descriptions.Item>
            )}
            {extra && <Descriptions.Item label="处理">{extra}</Descriptions.Item>}
          </Descriptions>
        );
      })}
    </>
  );
}
