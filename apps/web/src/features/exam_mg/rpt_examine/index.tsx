import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import type { ReportListRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { reportColumns } from '../shared/report-list/report-columns';
import { ReportFilters } from '../shared/report-list/report-filters';
import { ReportListTable, useReportListState } from '../shared/report-list/report-list-table';

export const RPT_EXAMINE_DETAIL_PATH = '/manager/exam_mg/rpt_examine_detail';
export const rptExamineDetailPath = (orderId: string) =>
  `${RPT_EXAMINE_DETAIL_PATH}?order_id=${encodeURIComponent(orderId)}`;

/** 报告审核 (exam_mg/rpt_examine): printed reports waiting for the check before they are handed out. */
export default function RptExamine() {
  const navigate = useNavigate();
  const reports = useReportListState('to_review');
  const { list } = reports;
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
        value={reports.filter}
        onChange={reports.changeFilter}
        onRefresh={() => void list.refetch()}
      />
      <ReportListTable
        state={reports}
        tableKey="rpt_examine"
        columns={columns}
        scroll={{ x: 1300 }}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
      />
    </Card>
  );
}
