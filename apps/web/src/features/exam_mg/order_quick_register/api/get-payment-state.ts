import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentStateRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 缴费状态 GET /manager/api/order/payment_state */
export const getPaymentState = (orderId: string) => api.call(paymentStateRoute, { order_id: orderId });

export const paymentStateQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId, 'payment_state'], queryFn: () => getPaymentState(orderId) });

export const usePaymentState = (orderId: string) => useQuery(paymentStateQueryOptions(orderId));
