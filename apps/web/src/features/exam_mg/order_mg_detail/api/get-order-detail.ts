import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 登记详情 GET /manager/api/order/detail */
export const getOrderDetail = (orderId: string) => api.call(orderDetailRoute, { order_id: orderId });

export const orderDetailQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'detail'], queryFn: () => getOrderDetail(orderId), retry: false });

export const useOrderDetail = (orderId: string) =>
  useQuery({ ...orderDetailQueryOptions(orderId), enabled: orderId !== '' });
