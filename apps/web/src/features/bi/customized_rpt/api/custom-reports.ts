import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  customReportEnableRoute,
  customReportListRoute,
  customReportRemoveRoute,
  customReportRolesRoute,
  customReportRunRoute,
  customReportSaveRoute,
  type CustomParamValues,
  type RouteInput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 自定义报表列表 GET: the definitions the caller may run (all for a manager). */
export const customReportsOptions = queryOptions({
  queryKey: ['bi', 'custom_report', 'list'],
  queryFn: () => api.call(customReportListRoute, {}),
});
export const useCustomReports = () => useQuery(customReportsOptions);

/** 自定义报表可选角色 GET (managers only). */
export const useCustomReportRoles = (enabled: boolean) =>
  useQuery({
    queryKey: ['bi', 'custom_report', 'roles'],
    queryFn: () => api.call(customReportRolesRoute, {}),
    enabled,
    staleTime: 5 * 60_000,
  });

/** 运行自定义报表 GET: a page of rows for the parameter values (nothing until the form is applied). */
export function useCustomReportRun(id: number, params: CustomParamValues | null, page: { page: number; size: number }) {
  return useQuery({
    queryKey: ['bi', 'custom_report', 'run', id, params, page],
    queryFn: () => api.call(customReportRunRoute, { id, params: JSON.stringify(params), ...page }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Save, remove, enable: each drops the cached list. */
export function useCustomReportWrites() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: ['bi', 'custom_report'] });
  return {
    save: useMutation({
      mutationFn: (form: RouteInput<typeof customReportSaveRoute>) => api.call(customReportSaveRoute, form),
      onSuccess: settled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(customReportRemoveRoute, { id }),
      onSuccess: settled,
    }),
    enable: useMutation({
      mutationFn: (q: { id: number; enabled: boolean }) =>
        api.call(customReportEnableRoute, { id: q.id, enabled: q.enabled ? '1' : '0' }),
      onSuccess: settled,
    }),
  };
}
