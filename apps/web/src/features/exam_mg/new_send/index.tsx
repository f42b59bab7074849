import { useState } from 'react';
import { Alert, App, Card, Col, List, Row } from 'antd';
import type { DeliveryFields, RouteOutput, reportSendRoute } from '@checkup/api-contract';
import { reportColumns } from '../shared/report-list/report-columns';
import { ReportFilters } from '../shared/report-list/report-filters';
import { ReportListTable, useReportListState } from '../shared/report-list/report-list-table';
import { sendSummary, useSendReports } from '../shared/report-delivery/api/send-reports';
import { DeliveryForm } from '../shared/report-delivery/delivery-form';

type SendAnswer = RouteOutput<typeof reportSendRoute>;

/** 报告发送(新) (exam_mg/new_send): several checked reports sent by one method at once. */
export default function NewSend() {
  const { message } = App.useApp();
  const reports = useReportListState('to_send', 50);
  const { list } = reports;
  const [selected, setSelected] = useState<string[]>([]);
  const [answer, setAnswer] = useState<SendAnswer | null>(null);
  const send = useSendReports();

  const onSend = async (fields: DeliveryFields) => {
    try {
      const sent = await send.mutateAsync({ orderIds: selected, fields });
      const summary = sendSummary(sent.total, sent.success);
      void message[summary.level](summary.text);
      setAnswer(sent);
      setSelected((ids) => ids.filter((id) => !sent.results.some((r) => r.order_id === id && r.ok)));
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const failures = answer?.results.filter((r) => !r.ok) ?? [];

  return (
    <Row gutter={8}>
      <Col span={17}>
        <Card size="small" title="报告发送(新)">
          <ReportFilters
            stages={['to_send', 'sent', '']}
            value={reports.filter}
            onChange={reports.changeFilter}
            onRefresh={() => void list.refetch()}
          />
          <ReportListTable
            state={reports}
            tableKey="new_send"
            columns={reportColumns}
            scroll={{ x: 1200 }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          />
        </Card>
      </Col>
      <Col span={7}>
        <Card size="small" title={`批量发送 · 已选 ${selected.length} 份`}>
          <DeliveryForm disabled={selected.length === 0} sending={send.isPending} onSend={(f) => void onSend(f)} />
          {failures.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 12 }}
              message={sendSummary(answer!.total, answer!.success).text}
              description={
                <List
                  size="small"
                  dataSource={failures}
                  renderItem={(f) => (
                    <List.Item>
                      {f.order_id}：{f.message}
                    </List.Item>
                  )}
                />
              }
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
