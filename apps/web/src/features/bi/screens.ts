import { paymentMethodReport } from '@checkup/api-contract';
import type { AreaScreens } from '../../app/routes/area-chunks';
import { reportScreen } from './shared/report-screen';
import CustomizedRpt from './customized_rpt';

/** The built screens of 统计分析, by screen key; the rest of the area shows the developing page. */
export const screens = {
  'report_export/payment_method': reportScreen(paymentMethodReport),
  customized_rpt: CustomizedRpt,
} satisfies AreaScreens<'bi'>;
