import { queryOptions, useQuery } from '@tanstack/react-query';
import { queueDisplaySnapshotRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 排队叫号屏快照 GET /manager/api/queue/display_snapshot */
export const getDisplaySnapshot = (deptIds: string) => api.call(queueDisplaySnapshotRoute, { dept_ids: deptIds });

// A screen on the wall has nobody to press reload: it keeps trying.
const RETRY_DELAY_MS = 5_000;

export const displaySnapshotQueryOptions = (deptIds: string) =>
  queryOptions({
    queryKey: ['queue', 'display', deptIds],
    queryFn: () => getDisplaySnapshot(deptIds),
    retry: true,
    retryDelay: RETRY_DELAY_MS,
  });

export const useDisplaySnapshot = (deptIds: string) => useQuery(displaySnapshotQueryOptions(deptIds));
