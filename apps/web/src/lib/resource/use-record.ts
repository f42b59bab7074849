import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AnyResource, ResourceRow } from '@checkup/api-contract';
import { api } from '../api';

/** The record a detail route names (…_detail?id=7); null when the address names none. */
export function useRecordId(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * One record of a resource, under the resource's query key (['resource', name, …]) so that a save
 * of it anywhere refreshes it here.
 */
export function useRecord<R extends AnyResource>(resource: R, id: number | null) {
  return useQuery({
    queryKey: ['resource', resource.spec.name, 'detail', id],
    queryFn: () => api.call(resource.routes.detail, { id } as never) as Promise<ResourceRow<R>>,
    enabled: id !== null,
  });
}
