import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  advanceAccountsRoute,
  advanceLedgerRoute,
  checkoutSheetRoute,
  settleDetailRoute,
  settleOrderPaymentsRoute,
  settleOrdersRoute,
  statementRoute,
  type RouteDescriptor,
  type RouteInput,
  type RouteOutput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** Every 团体预缴 / 团体结算 query sits under this key: a write reads them all again. */
const KEY = 'team_settle';

/** A write of 团体预缴 or 团体结算: lists, statements, balances and the sheet read again after it. */
export function useSettleWrite<R extends RouteDescriptor>(descriptor: R) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<R>) => api.call(descriptor, input) as Promise<RouteOutput<R>>,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useAdvanceAccounts = (key: string) =>
  useQuery({ queryKey: [KEY, 'accounts', key], queryFn: () => api.call(advanceAccountsRoute, { key }) });

export const useAdvanceLedger = (id: number | null) =>
  useQuery({
    queryKey: [KEY, 'ledger', id],
    queryFn: () => api.call(advanceLedgerRoute, { id: id! }),
    enabled: id !== null,
  });

export const useSettleOrders = (key: string) =>
  useQuery({ queryKey: [KEY, 'orders', key], queryFn: () => api.call(settleOrdersRoute, { key }) });

export const useOrderPayments = (groupOrderId: number) =>
  useQuery({
    queryKey: [KEY, 'order_payments', groupOrderId],
    queryFn: () => api.call(settleOrderPaymentsRoute, { group_order_id: groupOrderId }),
  });

export const useSettleDetail = (groupOrderId: number | null) =>
  useQuery({
    queryKey: [KEY, 'detail', groupOrderId],
    queryFn: () => api.call(settleDetailRoute, { group_order_id: groupOrderId! }),
    enabled: groupOrderId !== null,
  });

export const useStatement = (id: number | null) =>
  useQuery({
    queryKey: [KEY, 'statement', id],
    queryFn: () => api.call(statementRoute, { id: id! }),
    enabled: id !== null,
  });

export const useCheckoutSheet = (groupOrderId: number | null) =>
  useQuery({
    queryKey: [KEY, 'sheet', groupOrderId],
    queryFn: () => api.call(checkoutSheetRoute, { group_order_id: groupOrderId! }),
    enabled: groupOrderId !== null,
  });
