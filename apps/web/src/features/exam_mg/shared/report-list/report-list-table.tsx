import { useState } from 'react';
import type { ReportListRow, ReportStage } from '@checkup/api-contract';
import { GenericTable, usePaging, type GenericTableProps } from '@checkup/ui';
import { useReportList } from './api/get-report-list';
import { toQuery, type ReportFilterValue } from './report-filters';

/** The filter, the page and the list of a report screen (报告打印, 报告审核, 报告发送); a new filter starts at page 1. */
export function useReportListState(stage: ReportStage, pageSize = 20) {
  const [filter, setFilter] = useState<ReportFilterValue>({ stage, range: null, key: '' });
  const { page, firstPage, pagination } = usePaging(pageSize);
  const list = useReportList(toQuery(filter, page));
  const changeFilter = (next: ReportFilterValue) => {
    setFilter(next);
    firstPage();
  };
  return { filter, changeFilter, page, pagination, list };
}

export type ReportListState = ReturnType<typeof useReportListState>;

type OwnProps = 'rowKey' | 'size' | 'virtual' | 'dataSource' | 'loading' | 'pagination';

/** The report list as every report screen shows it: one row per visit, paged by the server. */
export function ReportListTable({
  state,
  ...props
}: { state: ReportListState } & Omit<GenericTableProps<ReportListRow>, OwnProps>) {
  const { pagination, list } = state;
  return (
    <GenericTable<ReportListRow>
      rowKey="order_id"
      size="small"
      virtual={false}
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      pagination={pagination(list.data?.total ?? 0)}
      {...props}
    />
  );
}
