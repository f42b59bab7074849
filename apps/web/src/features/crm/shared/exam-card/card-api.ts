import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cardItemsRoute,
  cardLedgerRoute,
  cardTypeResource,
  type RouteDescriptor,
  type RouteInput,
  type RouteOutput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { useResourceList } from '../../../../lib/resource/resource-api';

/** Every card query sits under one of these keys: a card write drops them all. */
const CARD_KEYS = [['resource', 'exam_card'], ['resource', 'card_batch'], ['exam_card']] as const;

/** A card write (制卡, 售卡, 充值, 冻结, 作废, 卡支付): the card lists, ledgers and batches read again after it. */
export function useCardWrite<R extends RouteDescriptor>(descriptor: R) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<R>) => api.call(descriptor, input) as Promise<RouteOutput<R>>,
    onSuccess: () => Promise.all(CARD_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useCardLedger = (id: number | null) =>
  useQuery({
    queryKey: ['exam_card', id, 'ledger'],
    queryFn: () => api.call(cardLedgerRoute, { id: id! }),
    enabled: id !== null,
  });

export const useCardItems = (id: number | null) =>
  useQuery({
    queryKey: ['exam_card', id, 'items'],
    queryFn: () => api.call(cardItemsRoute, { id: id! }),
    enabled: id !== null,
  });

/** The card types as select options (the list's 卡类型 filter, 制卡). */
export function useCardTypeOptions() {
  const list = useResourceList(cardTypeResource, { page: 1, size: 200 });
  return (list.data?.list ?? []).map((t) => ({ value: String(t.id), label: `${t.type_name}（${t.prefix}）` }));
}
