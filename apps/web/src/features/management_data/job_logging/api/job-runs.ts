import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobRunsRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 任务执行记录 GET /manager/api/jobs/runs */
export const getJobRuns = (id: number) => api.call(jobRunsRoute, { id });

export const jobRunsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['resource', 'job', 'runs', id], queryFn: () => getJobRuns(id) });

export const useJobRuns = (id: number | null) => useQuery({ ...jobRunsQueryOptions(id ?? 0), enabled: id !== null });
