import { queryOptions, useQuery } from '@tanstack/react-query';
import { hisStatusRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** HIS接口配置状态 GET /manager/api/examcfg/his/status */
export const getHisStatus = () => api.call(hisStatusRoute, {});

export const hisStatusQueryOptions = queryOptions({ queryKey: ['his_sync', 'status'], queryFn: getHisStatus });

export const useHisStatus = () => useQuery(hisStatusQueryOptions);
