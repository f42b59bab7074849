import { queryOptions, useQuery } from '@tanstack/react-query';
import { queueOverviewRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';
import { QUEUE_REFRESH_MS } from './get-dept-queue';

/** 排队总览 GET /manager/api/queue/overview */
export const getQueueOverview = () => api.call(queueOverviewRoute);

export const queueOverviewQueryOptions = queryOptions({
  queryKey: ['queue', 'overview'],
  queryFn: getQueueOverview,
});

export const useQueueOverview = () => useQuery({ ...queueOverviewQueryOptions, refetchInterval: QUEUE_REFRESH_MS });
