import { paymentMethodReport } from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
import { reportScreen } from './shared/report-screen';
import GroupReport from './group_report';
import GroupReportDetail from './group_report_detail';

/** The built screens of 统计分析, by screen key; the rest of the area shows the developing page. */
export const screens = {
  'report_export/payment_method': reportScreen(paymentMethodReport),
  group_report: GroupReport,
  group_report_detail: GroupReportDetail,
} satisfies AreaScreens<'bi'>;
