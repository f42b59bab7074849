import type { AreaScreens } from '../../app/routes/area-chunks';
import ReportOutgoing from './report_outgoing';
import ReportWarehousing from './report_warehousing';
import TeamAdvancePayment from './team_advance_payment';
import TeamBalanceAccounts from './team_balance_accounts';
import TeamBalanceAccountsDetail from './team_balance_accounts_detail';

/** The built screens of 财务管理, by screen key; the rest of the area shows the developing page. */
export const screens = {
  report_warehousing: ReportWarehousing,
  report_outgoing: ReportOutgoing,
  team_advance_payment: TeamAdvancePayment,
  team_balance_accounts: TeamBalanceAccounts,
  team_balance_accounts_detail: TeamBalanceAccountsDetail,
} satisfies AreaScreens<'finance_mg'>;
