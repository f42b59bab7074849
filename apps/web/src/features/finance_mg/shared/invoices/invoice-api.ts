import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invoiceOrderOptionsRoute,
  invoicePrintRoute,
  userSimpleListRoute,
  type RouteDescriptor,
  type RouteInput,
  type RouteOutput,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { downloadPdf } from '../../../../lib/desk-print/print-desk-documents';

/** Every invoice query sits under one of these keys: an invoice write drops them all. */
const INVOICE_KEYS = [
  ['resource', 'invoice'],
  ['resource', 'invoice_range'],
  ['resource', 'invoice_application'],
  ['invoice'],
] as const;

/** An invoice write (开票, 重打, 作废, an application's move): the lists read again after it. */
export function useInvoiceWrite<R extends RouteDescriptor>(descriptor: R) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<R>) => api.call(descriptor, input) as Promise<RouteOutput<R>>,
    onSuccess: () => Promise.all(INVOICE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** The invoice or receipt as a PDF, downloaded to print. */
export const printInvoice = (id: number, invoiceNo: string) =>
  downloadPdf(`${invoicePrintRoute.path}?id=${id}`, `发票-${invoiceNo}.pdf`);

/** The accounts as options (领用人, 开票人). */
export function useUserOptions() {
  const users = useQuery({ queryKey: ['invoice', 'users'], queryFn: () => api.call(userSimpleListRoute, {}) });
  return (users.data ?? []).map((u) => ({ value: String(u.id), label: u.user_name }));
}

/** Approved group orders with their amounts (申请's 订单, HIS团体发票's bills). */
export const useOrderBills = (key = '') =>
  useQuery({
    queryKey: ['invoice', 'orders', key],
    queryFn: () => api.call(invoiceOrderOptionsRoute, { key: key || undefined }),
  });
