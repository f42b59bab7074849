import { useState } from 'react';
import { App, Card, Col, Empty, Row } from 'antd';
import type { DeliveryFields, ReportListRow } from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useReportList } from '../print_rpt/api/get-report-list';
import { reportColumns } from '../print_rpt/components/report-columns';
import { ReportFilters, toQuery, type ReportFilterValue } from '../print_rpt/components/report-filters';
import { useSendReports } from './api/send-reports';
import { DeliveryForm } from './components/delivery-form';

/** 报告发送 (exam_mg/send_rpt): one checked report handed over or sent, and the delivery recorded. */
export default function SendRpt() {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ReportFilterValue>({ stage: 'to_send', range: null, key: '' });
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [chosen, setChosen] = useState<ReportListRow | null>(null);
  const list = useReportList(toQuery(filter, page));
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
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            onRefresh={() => void list.refetch()}
          />
          <GenericTable<ReportListRow>
            tableKey="send_rpt"
            rowKey="order_id"
            size="small"
            virtual={false}
            columns={reportColumns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            scroll={{ x: 1200 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosen ? [chosen.order_id] : [],
              onChange: (_keys, rows) => setChosen(rows[0] ?? null),
            }}
            onRow={(r) => ({ onClick: () => setChosen(r) })}
            pagination={{
              current: page.page,
              pageSize: page.size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => `共 ${total} 条`,
              onChange: (next, size) => setPage({ page: next, size }),
            }}
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
      </Col>
    </Row>
  );
}
