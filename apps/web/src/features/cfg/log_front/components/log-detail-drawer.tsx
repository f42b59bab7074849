import { Descriptions, Drawer, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { FRONT_LOG_TYPE_LABELS, type FrontLogRow } from '@checkup/api-contract';
import { viewOf } from '../log-content-view';

export const LOG_TYPE_COLORS = { error: 'error', warn: 'warning', info: 'processing' } as const;

export const reporterOf = (row: FrontLogRow) =>
  row.user_account ? `${row.user_name ?? ''}（${row.user_account}）` : '未登录';

const preStyle = { maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** One entry whole: who, when and where, the message, the stack and the stored content. */
export function LogDetailDrawer({ row, onClose }: { row: FrontLogRow | null; onClose: () => void }) {
  const view = row ? viewOf(row.log_content) : null;
  return (
    <Drawer title="日志详情" size={720} open={row !== null} onClose={onClose} destroyOnHidden>
      {row && view && (
        <>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="时间">{dayjs(row.created_at).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            <Descriptions.Item label="类型">
              <Tag color={LOG_TYPE_COLORS[row.log_type]}>{FRONT_LOG_TYPE_LABELS[row.log_type]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="来源">{row.log_source}</Descriptions.Item>
            <Descriptions.Item label="用户">{reporterOf(row)}</Descriptions.Item>
            <Descriptions.Item label="IP">{row.ip ?? ''}</Descriptions.Item>
            <Descriptions.Item label="页面">{view.where ?? ''}</Descriptions.Item>
            <Descriptions.Item label="版本">{view.version ?? ''}</Descriptions.Item>
            <Descriptions.Item label="浏览器">{view.userAgent ?? ''}</Descriptions.Item>
            <Descriptions.Item label="错误信息">
              {view.errorName ? `${view.errorName}：` : ''}
              {view.message}
            </Descriptions.Item>
          </Descriptions>
          {view.stacktrace && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                调用栈
              </Typography.Title>
              <pre style={preStyle} aria-label="调用栈">
                {view.stacktrace}
              </pre>
            </>
          )}
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            日志内容 <Typography.Text copyable={{ text: row.log_content, tooltips: ['复制', '已复制'] }} />
          </Typography.Title>
          <pre style={preStyle} aria-label="日志内容">
            {view.pretty}
          </pre>
        </>
      )}
    </Drawer>
  );
}
