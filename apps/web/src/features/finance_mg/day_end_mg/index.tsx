import { useState } from 'react';
import { Tabs } from 'antd';
import { DAY_END_FINANCE_ACCESS, mayUse } from '@checkup/api-contract';
import { useUserInfo } from '../../session/api/get-user-info';
import { CashierTab } from './components/cashier-tab';
import { DayEndDrawer } from './components/day-end-drawer';
import { FinanceTab } from './components/finance-tab';
import { MonthTab } from './components/month-tab';

/**
 * 日结管理 (finance_mg/day_end_mg, breadth §3.7): 收费员日结 for every cashier; 财务日结 and 月结 with
 * the 财务 permission (day_end_mg:finance). A closed day-end never changes; it can be reprinted.
 */
export default function DayEndMg() {
  const roleMenu = useUserInfo().data?.role_menu ?? [];
  const seesAll = mayUse(DAY_END_FINANCE_ACCESS, roleMenu);
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <>
      <Tabs
        items={[
          { key: 'cashier', label: '收费员日结', children: <CashierTab seesAll={seesAll} open={setOpened} /> },
          ...(seesAll
            ? [
                { key: 'finance', label: '财务日结', children: <FinanceTab open={setOpened} /> },
                { key: 'month', label: '月结', children: <MonthTab /> },
              ]
            : []),
        ]}
      />
      <DayEndDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
