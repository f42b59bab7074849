import { useState } from 'react';
import type { ReportListRow, ReportStage } from '@checkup/api-contract';
import { GenericTable, type GenericTableProps } from '@checkup/ui';
import { useReportList } from '../api/get-report-list';
import { toQuery, type ReportFilterValue } from './report-filters';

/** The filter, the page and the list of a report screen (报告打印, 报告审核, 报告发送); a new filter starts at page 1. */
export function useReportListState(stage: ReportStage, pageSize = 20) {
  const [filter, setFilter] = useState<ReportFilterValue>({ stage, range: null, key: '' });
  const [page, setPage] = useState({ page: 1, size: pageSize });
  const list = useReportList(toQuery(filter, page));
  const changeFilter = (next: ReportFilterValue) => {
    setFilter(next);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return { filter, changeFilter, page, setPage, list };
}

export type ReportListState = ReturnType<typeof useReportListState>;

type OwnProps = 'rowKey' | 'size' | 'virtual' | 'dataSource' | 'loading' | 'pagination';

/** The report list as every report screen shows it: one row per visit, paged by the server. */
export function ReportListTable({
  state,
  ...props
}: { state: ReportListState } & Omit<GenericTableProps<ReportListRow>, OwnProps>) {
  const { page, setPage, list } = state;
  return (
    <GenericTable<ReportListRow>
      rowKey="order_id"
      size="small"
      virtual={false}
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      pagination={{
        current: page.page,
        pageSize: page.size,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => `共 ${total} 条`,
        onChange: (next, size) => setPage({ page: next, size }),
      }}
      {...props}
    />
  );
}
