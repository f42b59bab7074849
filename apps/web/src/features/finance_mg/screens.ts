import type { AreaScreens } from '../../app/routes/area-chunks';
import CostMg from './cost_mg';
import CostMgDetail from './cost_mg_detail';
import ReportOutgoing from './report_outgoing';
import ReportWarehousing from './report_warehousing';

/** The built screens of 财务管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  cost_mg: CostMg,
  cost_mg_detail: CostMgDetail,
  report_warehousing: ReportWarehousing,
  report_outgoing: ReportOutgoing,
} satisfies AreaScreens<'finance_mg'>;
