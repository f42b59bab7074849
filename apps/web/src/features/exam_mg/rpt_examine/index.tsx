import { useState } from 'react';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import type { ReportListRow } from '@checkup/api-contract';
import { GenericTable, type GenericColumn } from '@checkup/ui';
import { useReportList } from '../print_rpt/api/get-report-list';
import { reportColumns } from '../print_rpt/components/report-columns';
import { ReportFilters, toQuery, type ReportFilterValue } from '../print_rpt/components/report-filters';

export const RPT_EXAMINE_DETAIL_PATH = '/manager/exam_mg/rpt_examine_detail';
export const rptExamineDetailPath = (orderId: string) =>
  `${RPT_EXAMINE_DETAIL_PATH}?order_id=${encodeURIComponent(orderId)}`;

/** 报告审核 (exam_mg/rpt_examine): printed reports waiting for the check before they are handed out. */
export default function RptExamine() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ReportFilterValue>({ stage: 'to_review', range: null, key: '' });
  const [page, setPage] = useState({ page: 1, size: 20 });
  const list = useReportList(toQuery(filter, page));
  const open = (row: ReportListRow) => navigate(rptExamineDetailPath(row.order_id));

  const columns: GenericColumn<ReportListRow>[] = [
    ...reportColumns,
    {
      title: '操作',
      key: 'action',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button size="small" type="link" autoInsertSpace={false} onClick={() => open(r)}>
          审核
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="报告审核">
      <ReportFilters
        stages={['to_review', 'reviewed', 'printed']}
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onRefresh={() => void list.refetch()}
      />
      <GenericTable<ReportListRow>
        tableKey="rpt_examine"
        rowKey="order_id"
        size="small"
        virtual={false}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
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
  );
}
