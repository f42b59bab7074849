import {
  deptAnalysisReport,
  deptWorkloadReport,
  dispatchOrdersReport,
  doctorAnalysisReport,
  paymentMethodReport,
  registerWorkloadReport,
  reviewWorkloadReport,
  tollCollectorReport,
  abnormalResultQueryReport,
  diagnosisQueryReport,
  disAnaReport,
  examineeQueryReport,
  positiveResultQueryReport,
  recheckQueryReport,
  unionQueryReport,
  cardConsumeListReport,
  groupDiscountReport,
  incomeDetailsReport,
  paymentMethodStatisticsReport,
  settlementDetailsReport,
  settlementInvoiceDetailsReport,
} from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
import { OccuTutelageScreen } from './occu_tutelage';
import { reportScreen } from './shared/report-screen';
import GroupReport from './group_report';
import GroupReportDetail from './group_report_detail';
import CustomizedRpt from './customized_rpt';

/** The built screens of 统计分析, by screen key; the rest of the area shows the developing page. */
export const screens = {
  'report_export/payment_method': reportScreen(paymentMethodReport),
  dept_ana: reportScreen(deptAnalysisReport),
  dr_ana: reportScreen(doctorAnalysisReport),
  'workload/register': reportScreen(registerWorkloadReport),
  'workload/toll_collector': reportScreen(tollCollectorReport),
  'workload/department': reportScreen(deptWorkloadReport),
  'workload/dispatch_orders': reportScreen(dispatchOrdersReport),
  'workload/workload_second_trial': reportScreen(reviewWorkloadReport),
  group_report: GroupReport,
  group_report_detail: GroupReportDetail,
  customized_rpt: CustomizedRpt,
  dis_ana: reportScreen(disAnaReport),
  'query_report/examinee_query': reportScreen(examineeQueryReport),
  'query_report/union_query': reportScreen(unionQueryReport),
  'query_report/abnormal_result_query': reportScreen(abnormalResultQueryReport),
  'query_report/diagnosis_query': reportScreen(diagnosisQueryReport),
  'query_report/positive_result_query': reportScreen(positiveResultQueryReport),
  'query_report/recheck_query': reportScreen(recheckQueryReport),
  occu_tutelage: OccuTutelageScreen,
  'report_export/settlement_details': reportScreen(settlementDetailsReport),
  'report_export/income_details': reportScreen(incomeDetailsReport),
  'report_export/settlement_invoice_details': reportScreen(settlementInvoiceDetailsReport),
  'report_export/group_discount': reportScreen(groupDiscountReport),
  'report_export/payment_method_statistics': reportScreen(paymentMethodStatisticsReport),
  'report_export/card_consume_list': reportScreen(cardConsumeListReport),
} satisfies AreaScreens<'bi'>;
