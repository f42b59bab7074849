import { useCallback, useState } from 'react';
import { Alert, Button, Drawer, Empty, Spin, Table, Typography } from 'antd';
import {
  ABNORMAL_ARROWS,
  ORDER_STATUS_LABELS,
  type AbnormalFlag,
  type HistoryMark,
  type VisitHistory,
} from '@checkup/api-contract';
import { ReportPreviewDialog } from '../../report-preview/report-preview-dialog';
import { fetchHistoryReportPdf, useVisitHistory } from '../api/conclusion-grid';

type Item = VisitHistory['items'][number];

const MARK_STYLES: Record<HistoryMark, React.CSSProperties | undefined> = {
  '': undefined,
  abnormal: { background: '#fff1f0', color: '#cf1322', fontWeight: 600 },
  changed: { background: '#fff7e6', color: '#d46b08' },
};
const MARK_TITLES: Record<HistoryMark, string | undefined> = { '': undefined, abnormal: '异常', changed: '有变化' };

/**
 * 历史对比 (issue 20): the examinee's earlier visits (same ID number) beside this one — each visit's
 * conclusions and every item's values, marked where a value in both is abnormal or changed — with
 * 查看报告 for a visit whose report exists.
 */
export function HistoryCompare({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const history = useVisitHistory(orderId, open);
  const [viewing, setViewing] = useState<string | null>(null);
  const load = useCallback((historyOrderId: string) => fetchHistoryReportPdf(orderId, historyOrderId), [orderId]);
  const data = history.data;

  const visitTitle = (v: VisitHistory['visits'][number], index: number) => (
    <div>
      <div>{index === 0 ? `本次 ${v.exam_date}` : v.exam_date}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {v.order_id} · {ORDER_STATUS_LABELS[v.order_status]}
      </Typography.Text>
      {index > 0 && v.report_ready && (
        <div>
          <Button size="small" type="link" style={{ padding: 0 }} onClick={() => setViewing(v.order_id)}>
            查看报告
          </Button>
        </div>
      )}
    </div>
  );

  const body = () => {
    if (history.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (history.error) return <Alert type="error" showIcon title={history.error.message} />;
    if (!data) return null;
    if (data.visits.length < 2) return <Empty description="该体检者没有以往的体检记录" />;
    const columns = [
      { title: '项目', key: 'item', width: 160, fixed: 'left' as const, render: (_: unknown, r: Item) => r.item_name },
      { title: '科室', dataIndex: 'dept_name', key: 'dept', width: 100 },
      ...data.visits.map((v, index) => ({
        title: visitTitle(v, index),
        key: v.order_id,
        width: 160,
        render: (_: unknown, r: Item) => {
          const cell = r.cells[index]!;
          if (cell.value === null) return <Typography.Text type="secondary">—</Typography.Text>;
          return (
            <span
              style={{ ...MARK_STYLES[cell.mark], padding: '0 4px' }}
              title={MARK_TITLES[cell.mark]}
              data-mark={cell.mark}
            >
              {cell.value}
              {ABNORMAL_ARROWS[cell.flag as AbnormalFlag] ?? ''}
              {r.unit ? ` ${r.unit}` : ''}
            </span>
          );
        },
      })),
    ];
    return (
      <>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          style={{ marginBottom: 12 }}
          columns={[
            { title: '结论', key: 'label', width: 260, render: () => '总检结论' },
            ...data.visits.map((v, index) => ({
              title: visitTitle(v, index),
              key: v.order_id,
              width: 160,
              render: () => (v.conclusions.length ? v.conclusions.join('；') : v.conclusion || '—'),
            })),
          ]}
          dataSource={[{ key: 'conclusions' }]}
        />
        <Table<Item>
          size="small"
          rowKey="item_id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={data.items}
        />
        <Typography.Text type="secondary">红色：两次都有且异常；橙色：与对比的一次不同</Typography.Text>
      </>
    );
  };

  return (
    <Drawer title="历史对比" open={open} onClose={onClose} size="large" destroyOnHidden>
      {open && body()}
      <ReportPreviewDialog orderId={viewing} onClose={() => setViewing(null)} load={load} />
    </Drawer>
  );
}
