import { useState } from 'react';
import { App, Card, Col, Empty, Row } from 'antd';
import type { DeliveryFields, ReportListRow } from '@checkup/api-contract';
import { reportColumns } from '../shared/report-list/report-columns';
import { ReportFilters } from '../shared/report-list/report-filters';
import { ReportListTable, useReportListState } from '../shared/report-list/report-list-table';
import { useSendReports } from '../shared/report-delivery/api/send-reports';
import { DeliveryForm } from '../shared/report-delivery/delivery-form';
import { ReportSharePanel } from './components/report-share-panel';

/**
 * 报告发送 (exam_mg/send_rpt): one checked report handed over or sent, and the delivery recorded; or
 * shared electronically, a link with an extraction code (issue 20).
 */
export default function SendRpt() {
  const { message } = App.useApp();
  const reports = useReportListState('to_send');
  const { list } = reports;
  const [chosen, setChosen] = useState<ReportListRow | null>(null);
  const send = useSendReports();

  const onSend = async (fields: DeliveryFields) => {
    if (!chosen) return;
    try {
      const answer = await send.mutateAsync({ orderIds: [chosen.order_id], fields });
      const result = answer.results[0];
      if (result?.ok) {
        void message.success(`${chosen.cust_name}的报告已发送（${result.message}）`);
        setChosen(null);
      } else void message.error(result?.message ?? '发送失败');
    } catch (err) {
      void message.error((err as Error).message);
    }
  };

  return (
    <Row gutter={8}>
      <Col span={17}>
        <Card size="small" title="报告发送">
          <ReportFilters
            stages={['to_send', 'sent', '']}
            value={reports.filter}
            onChange={reports.changeFilter}
            onRefresh={() => void list.refetch()}
          />
          <ReportListTable
            state={reports}
            tableKey="send_rpt"
            columns={reportColumns}
            scroll={{ x: 1200 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosen ? [chosen.order_id] : [],
              onChange: (_keys, rows) => setChosen(rows[0] ?? null),
            }}
            onRow={(r) => ({ onClick: () => setChosen(r) })}
          />
        </Card>
      </Col>
      <Col span={7}>
        <Card size="small" title={chosen ? `发送 · ${chosen.cust_name} · ${chosen.order_id}` : '发送'}>
          {chosen ? (
            <DeliveryForm
              key={chosen.order_id}
              disabled={false}
              sending={send.isPending}
              onSend={(f) => void onSend(f)}
            />
          ) : (
            <Empty description="请在左侧选择要发送的报告" />
          )}
        </Card>
        {chosen && (
          <Card size="small" title="电子报告分享" style={{ marginTop: 8 }}>
            <ReportSharePanel key={chosen.order_id} orderId={chosen.order_id} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
