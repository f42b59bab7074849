import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupReportChoicesRoute,
  groupReportDetailRoute,
  groupReportGenerateRoute,
  groupReportListRoute,
  groupReportPrintRoute,
  groupReportRemoveRoute,
  groupReportReviewRoute,
  groupReportSaveRoute,
  groupReportSubmitRoute,
  groupReportUnreviewRoute,
  groupReportWithdrawRoute,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { downloadPdf } from '../../../lib/desk-print/print-desk-documents';

/** 团检报告's calls (bi/group_report and its detail), shared by the two screens. */
const KEY = ['bi', 'group_report'] as const;

export const useGroupReports = (filter: RouteInput<typeof groupReportListRoute>) =>
  useQuery({
    queryKey: [...KEY, 'list', filter],
    queryFn: () => api.call(groupReportListRoute, filter),
    placeholderData: keepPreviousData,
  });

export const useGroupReport = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => api.call(groupReportDetailRoute, { id: id! }),
    enabled: id !== null,
  });

export const useGroupReportChoices = (companyId: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'choices', companyId],
    queryFn: () => api.call(groupReportChoicesRoute, { company_id: companyId }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

const MOVES = {
  save: groupReportSaveRoute,
  remove: groupReportRemoveRoute,
  generate: groupReportGenerateRoute,
  submit: groupReportSubmitRoute,
  withdraw: groupReportWithdrawRoute,
  review: groupReportReviewRoute,
  unreview: groupReportUnreviewRoute,
} as const;
type Moves = typeof MOVES;

/** One write of a report (保存, 生成, 提交, 撤回, 审核, 反审核, 删除); every report query is read again after it. */
export function useGroupReportMove<M extends keyof Moves>(move: M) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<Moves[M]>) => api.call(MOVES[move] as Moves[M], input as never),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** 打印PDF: the generated report downloaded to print. */
export const printGroupReport = (id: number, name: string) =>
  downloadPdf(`${groupReportPrintRoute.path}?id=${id}`, `团检报告-${name}.pdf`);
