import { useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import {
  SHARE_STATE_LABELS,
  SHARE_VALID_DAYS,
  SHARE_VALID_DAYS_LABELS,
  type ReportShareRow,
  type ShareState,
  type ShareValidDays,
} from '@checkup/api-contract';
import { useCreateReportShare, useReportShares, useRevokeReportShare } from '../api/report-shares';
import { shareLinkUrl } from './share-link';

const STATE_COLOURS: Record<ShareState, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
  locked: 'orange',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** The link and code just made: shown this once (the server keeps only hashes), with copy buttons. */
function NewShare({ url, code }: { url: string; code: string }) {
  return (
    <div role="status" aria-label="新分享链接" style={{ marginBottom: 8 }}>
      <Typography.Paragraph copyable={{ text: url }} style={{ marginBottom: 4, wordBreak: 'break-all' }}>
        链接：{url}
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: code }} strong style={{ marginBottom: 4 }}>
        提取码：{code}
      </Typography.Paragraph>
      <Typography.Text type="secondary">链接和提取码只显示这一次，请现在发给体检者。</Typography.Text>
    </div>
  );
}

/** 电子报告分享 (issue 20) of the chosen visit in 报告发送: make a link, see who opened it, revoke it. */
export function ReportSharePanel({ orderId }: { orderId: string }) {
  const { message } = App.useApp();
  const shares = useReportShares(orderId);
  const create = useCreateReportShare(orderId);
  const revoke = useRevokeReportShare(orderId);
  const [validDays, setValidDays] = useState<ShareValidDays>(7);
  const [made, setMade] = useState<{ url: string; code: string } | null>(null);

  const onCreate = async () => {
    try {
      const answer = await create.mutateAsync(validDays);
      setMade({ url: shareLinkUrl(answer.path), code: answer.code });
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  const onRevoke = async (share: ReportShareRow) => {
    try {
      await revoke.mutateAsync(share.share_id);
      void message.success('分享链接已撤销');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        <Select
          aria-label="有效期"
          value={validDays}
          onChange={setValidDays}
          style={{ width: 180 }}
          options={SHARE_VALID_DAYS.map((d) => ({ value: d, label: SHARE_VALID_DAYS_LABELS[d] }))}
        />
        <Button type="primary" loading={create.isPending} onClick={() => void onCreate()}>
          生成分享链接
        </Button>
      </Space>
      {made && <NewShare url={made.url} code={made.code} />}
      <Table<ReportShareRow>
        size="small"
        rowKey="share_id"
        loading={shares.isPending}
        dataSource={shares.data ?? []}
        pagination={false}
        locale={{ emptyText: '还没有分享链接' }}
        columns={[
          {
            title: '状态',
            dataIndex: 'state',
            render: (s: ShareState) => <Tag color={STATE_COLOURS[s]}>{SHARE_STATE_LABELS[s]}</Tag>,
          },
          { title: '有效至', dataIndex: 'expires_at', render: (v: string | null) => (v ? when(v) : '长期') },
          { title: '打开', key: 'opened', render: (_: unknown, r) => `${r.open_count}次 ${when(r.last_opened_at)}` },
          {
            title: '操作',
            key: 'action',
            render: (_: unknown, r) =>
              r.state === 'revoked' ? (
                (r.revoked_by ?? '')
              ) : (
                <Popconfirm title="撤销后链接不能再打开，确定撤销？" onConfirm={() => onRevoke(r)}>
                  <Button size="small" type="link" danger>
                    撤销
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}
