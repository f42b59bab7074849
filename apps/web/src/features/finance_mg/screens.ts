import type { AreaScreens } from '../../app/routes/area-chunks';
import DayEndMg from './day_end_mg';
import ReportOutgoing from './report_outgoing';
import ReportWarehousing from './report_warehousing';

/** The built screens of 财务管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  report_warehousing: ReportWarehousing,
  report_outgoing: ReportOutgoing,
  day_end_mg: DayEndMg,
} satisfies AreaScreens<'finance_mg'>;
