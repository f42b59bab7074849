import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cashierDayEndCloseRoute,
  cashierDayEndDetailRoute,
  cashierDayEndLinesRoute,
  cashierDayEndListRoute,
  cashierDayEndPreviewRoute,
  cashierDayEndPrintRoute,
  financeDayEndCloseRoute,
  financeDayEndDetailRoute,
  financeDayEndListRoute,
  monthStatementCloseRoute,
  monthStatementListRoute,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { downloadPdf } from '../../../../lib/desk-print/print-desk-documents';

const KEY = ['finance', 'day_end'] as const;

/** 收费员日结预览 GET …/cashier/preview: the caller's open lines, totalled. */
export const useCashierPreview = () =>
  useQuery({ queryKey: [...KEY, 'preview'], queryFn: () => api.call(cashierDayEndPreviewRoute, {}) });

export const useCashierDayEnds = (filter: RouteInput<typeof cashierDayEndListRoute>) =>
  useQuery({
    queryKey: [...KEY, 'cashier', filter],
    queryFn: () => api.call(cashierDayEndListRoute, filter),
    placeholderData: keepPreviousData,
  });

export const useCashierDayEnd = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'cashier_detail', id],
    queryFn: () => api.call(cashierDayEndDetailRoute, { id: id! }),
    enabled: id !== null,
  });

export const useDayEndLines = (id: number | null, page: number, size: number) =>
  useQuery({
    queryKey: [...KEY, 'lines', id, page, size],
    queryFn: () => api.call(cashierDayEndLinesRoute, { id: id!, page, size }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

export const useFinanceDayEnds = (filter: RouteInput<typeof financeDayEndListRoute>, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'finance', filter],
    queryFn: () => api.call(financeDayEndListRoute, filter),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useFinanceDayEnd = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'finance_detail', id],
    queryFn: () => api.call(financeDayEndDetailRoute, { id: id! }),
    enabled: id !== null,
  });

export const useMonthStatements = (filter: RouteInput<typeof monthStatementListRoute>, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'month', filter],
    queryFn: () => api.call(monthStatementListRoute, filter),
    enabled,
    placeholderData: keepPreviousData,
  });

const useDayEndWrite = <I, O>(write: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
};

/** 收费员日结 POST …/cashier/close */
export const useCloseCashierDayEnd = () => useDayEndWrite(() => api.call(cashierDayEndCloseRoute, {}));
/** 财务日结 POST …/finance/close */
export const useCloseFinanceDayEnd = () => useDayEndWrite(() => api.call(financeDayEndCloseRoute, {}));
/** 月结 POST …/month/close */
export const useCloseMonth = () => useDayEndWrite((month: string) => api.call(monthStatementCloseRoute, { month }));

/** 打印: the day-end sheet (PDF), downloaded to print; reprint as often as wanted. */
export const printDayEnd = (id: number, dayEndNo: string) =>
  downloadPdf(`${cashierDayEndPrintRoute.path}?id=${id}`, `日结单-${dayEndNo}.pdf`);
