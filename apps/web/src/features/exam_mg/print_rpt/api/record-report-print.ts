import { reportPrintedRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 记录报告打印 POST /manager/api/report/change_print_time */
export const recordReportPrint = (orderId: string) => api.call(reportPrintedRoute, { order_id: orderId });
