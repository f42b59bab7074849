import type { AreaScreens } from '../../app/routes/area-chunks';
import AccountReconciliationMg from './account_reconciliation_mg';
import AccountReconciliationMgDetail from './account_reconciliation_mg_detail';
import FinanceMatch from './finance_match';
import ApplyForInvoice from './apply_for_invoice';
import GroupInvoice from './group_invoice';
import HisGroupInvoice from './his_group_invoice';
import InvoiceMg from './invoice_mg';
import CostMg from './cost_mg';
import CostMgDetail from './cost_mg_detail';
import DayEndMg from './day_end_mg';
import ReportOutgoing from './report_outgoing';
import ReportWarehousing from './report_warehousing';
import TeamAdvancePayment from './team_advance_payment';
import TeamBalanceAccounts from './team_balance_accounts';
import TeamBalanceAccountsDetail from './team_balance_accounts_detail';

/** The built screens of 财务管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  cost_mg: CostMg,
  cost_mg_detail: CostMgDetail,
  report_warehousing: ReportWarehousing,
  report_outgoing: ReportOutgoing,
  account_reconciliation_mg: AccountReconciliationMg,
  account_reconciliation_mg_detail: AccountReconciliationMgDetail,
  finance_match: FinanceMatch,
  invoice_mg: InvoiceMg,
  group_invoice: GroupInvoice,
  his_group_invoice: HisGroupInvoice,
  apply_for_invoice: ApplyForInvoice,
  day_end_mg: DayEndMg,
  team_advance_payment: TeamAdvancePayment,
  team_balance_accounts: TeamBalanceAccounts,
  team_balance_accounts_detail: TeamBalanceAccountsDetail,
} satisfies AreaScreens<'finance_mg'>;
