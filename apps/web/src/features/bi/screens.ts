import {
  deptAnalysisReport,
  deptWorkloadReport,
  dispatchOrdersReport,
  doctorAnalysisReport,
  paymentMethodReport,
  registerWorkloadReport,
  reviewWorkloadReport,
  tollCollectorReport,
} from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
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
} satisfies AreaScreens<'bi'>;
