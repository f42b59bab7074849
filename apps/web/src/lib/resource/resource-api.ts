import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyResource, ImportResult, ResourceRow } from '@checkup/api-contract';
import { api } from '../api';

/** Query keys of a resource: ['resource', name, …], so a write drops every list of it at once. */
export const resourceQueryKey = (resource: AnyResource) => ['resource', resource.spec.name] as const;
const keyOf = resourceQueryKey;

export type ListParams = Record<string, unknown> & { page: number; size: number };

export function resourceListOptions<R extends AnyResource>(resource: R, params: ListParams) {
  return queryOptions({
    queryKey: [...keyOf(resource), 'list', params],
    queryFn: () => api.call(resource.routes.list, params as never),
    placeholderData: keepPreviousData,
  });
}

export const useResourceList = <R extends AnyResource>(resource: R, params: ListParams, enabled = true) =>
  useQuery({ ...resourceListOptions(resource, params), enabled });

/** Save, remove, enable: each drops the resource's cached lists when it succeeds. */
export function useResourceWrites<R extends AnyResource>(resource: R) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: keyOf(resource) });
  const { routes } = resource;
  return {
    save: useMutation({
      mutationFn: (form: Record<string, unknown>) => api.call(routes.save, form as never) as Promise<ResourceRow<R>>,
      onSuccess: settled,
    }),
    remove: useMutation({
      mutationFn: (row: { id: number; version: number }) => api.call(routes.remove, row as never),
      onSuccess: settled,
    }),
    enable: useMutation({
      mutationFn: (q: { id: number; enabled: boolean }) =>
        api.call(routes.enable, { id: q.id, enabled: q.enabled ? '1' : '0' } as never),
      onSuccess: settled,
    }),
    importFile: useMutation({
      mutationFn: (q: { file: File; mode: 'all' | 'valid'; onProgress: (percent: number) => void }) =>
        api.upload(routes.import, { mode: q.mode } as never, q.file, q.onProgress) as Promise<ImportResult>,
      onSuccess: settled,
    }),
  };
}

/** Hands a downloaded file to the browser under its name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
