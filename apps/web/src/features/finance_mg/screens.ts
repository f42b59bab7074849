import type { AreaScreens } from '../../app/routes/area-chunks';
import AccountReconciliationMg from './account_reconciliation_mg';
import AccountReconciliationMgDetail from './account_reconciliation_mg_detail';
import FinanceMatch from './finance_match';
import ReportOutgoing from './report_outgoing';
import ReportWarehousing from './report_warehousing';

/** The built screens of 财务管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  report_warehousing: ReportWarehousing,
  report_outgoing: ReportOutgoing,
  account_reconciliation_mg: AccountReconciliationMg,
  account_reconciliation_mg_detail: AccountReconciliationMgDetail,
  finance_match: FinanceMatch,
} satisfies AreaScreens<'finance_mg'>;
