import { selfPrintMarkPrintedRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 自助打印登记打印 POST /manager/api/selfprint/mark_printed */
export const markPrinted = (ticket: string, orderId: string) =>
  api.call(selfPrintMarkPrintedRoute, { ticket, order_id: orderId });
