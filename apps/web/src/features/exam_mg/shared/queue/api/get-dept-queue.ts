import { queryOptions, useQuery } from '@tanstack/react-query';
import { deptQueueRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 科室排队列表 GET /manager/api/queue/dept_queue */
export const getDeptQueue = (deptId: number) => api.call(deptQueueRoute, { exam_dept_id: deptId });

export const deptQueueQueryOptions = (deptId: number) =>
  queryOptions({
    queryKey: ['queue', 'dept', deptId],
    queryFn: () => getDeptQueue(deptId),
  });

/** Queues move all day: the list is read again every 15 s besides after each of the user's own moves. */
export const QUEUE_REFRESH_MS = 15_000;

export const useDeptQueue = (deptId: number | null) =>
  useQuery({
    ...deptQueueQueryOptions(deptId ?? 0),
    enabled: deptId !== null,
    refetchInterval: QUEUE_REFRESH_MS,
  });
