import { paymentMethodReport } from '@checkup/api-contract';
import {
  arrearsStatisticsReport,
  cardIncomeReport,
  companyIncomeReport,
  dailyIncomeReport,
  deptIncomeReport,
  discountStatisticsReport,
  invoiceStatisticsReport,
  monthlyIncomeReport,
  packageIncomeReport,
  payMethodIncomeReport,
  refundStatisticsReport,
  unionIncomeReport,
} from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
import { reportScreen } from './shared/report-screen';

/** The built screens of 统计分析, by screen key; the rest of the area shows the developing page. */
export const screens = {
  'report_export/payment_method': reportScreen(paymentMethodReport),
  'finance_report/daily_income': reportScreen(dailyIncomeReport),
  'finance_report/monthly_income': reportScreen(monthlyIncomeReport),
  'finance_report/package_income': reportScreen(packageIncomeReport),
  'finance_report/union_income': reportScreen(unionIncomeReport),
  'finance_report/dept_income': reportScreen(deptIncomeReport),
  'finance_report/company_income': reportScreen(companyIncomeReport),
  'finance_report/pay_method_income': reportScreen(payMethodIncomeReport),
  'finance_report/refund_statistics': reportScreen(refundStatisticsReport),
  'finance_report/invoice_statistics': reportScreen(invoiceStatisticsReport),
  'finance_report/card_income': reportScreen(cardIncomeReport),
  'finance_report/arrears_statistics': reportScreen(arrearsStatisticsReport),
  'finance_report/discount_statistics': reportScreen(discountStatisticsReport),
} satisfies AreaScreens<'bi'>;
