import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderListRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export type OrderListFilter = RouteInput<typeof orderListRoute>;

/** 登记列表 GET /manager/api/order/list */
export const getOrderList = (filter: OrderListFilter) => api.call(orderListRoute, filter);

export const orderListQueryOptions = (filter: OrderListFilter) =>
  queryOptions({ queryKey: ['order', 'list', filter], queryFn: () => getOrderList(filter) });

export const useOrderList = (filter: OrderListFilter) =>
  useQuery({ ...orderListQueryOptions(filter), placeholderData: keepPreviousData });
