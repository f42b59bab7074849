import { reportPrintedRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 记录报告打印 POST /manager/api/report/change_print_time: confirmed by the print service. */
export const recordReportPrint = (orderId: string) => api.call(reportPrintedRoute, { order_id: orderId });

/** The same, marked printed by hand (标记已打印, or downloaded PDFs the user printed). */
export const markReportPrinted = (orderId: string) => api.call(reportPrintedRoute, { order_id: orderId, marked: '1' });
