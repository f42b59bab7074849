import { queryOptions, useQuery } from '@tanstack/react-query';
import { aboutRoute } from '@checkup/api-contract';
import { api } from '../../lib/api';

/** 关于本系统 GET /manager/api/cfg/about: product, version and licence, for everyone signed in. */
export const getAbout = () => api.call(aboutRoute);

export const aboutQueryOptions = queryOptions({
  queryKey: ['cfg', 'about'],
  queryFn: getAbout,
  staleTime: 5 * 60_000,
});

export const useAbout = (enabled = true) => useQuery({ ...aboutQueryOptions, enabled });
