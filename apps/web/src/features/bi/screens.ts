import {
  cardConsumeListReport,
  groupDiscountReport,
  incomeDetailsReport,
  paymentMethodReport,
  paymentMethodStatisticsReport,
  settlementDetailsReport,
  settlementInvoiceDetailsReport,
} from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
import { reportScreen } from './shared/report-screen';

/** The built screens of 统计分析, by screen key; the rest of the area shows the developing page. */
export const screens = {
  'report_export/payment_method': reportScreen(paymentMethodReport),
  'report_export/settlement_details': reportScreen(settlementDetailsReport),
  'report_export/income_details': reportScreen(incomeDetailsReport),
  'report_export/settlement_invoice_details': reportScreen(settlementInvoiceDetailsReport),
  'report_export/group_discount': reportScreen(groupDiscountReport),
  'report_export/payment_method_statistics': reportScreen(paymentMethodStatisticsReport),
  'report_export/card_consume_list': reportScreen(cardConsumeListReport),
} satisfies AreaScreens<'bi'>;
