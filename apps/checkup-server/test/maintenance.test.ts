import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { analyzeIfNeverAnalyzed } from '../src/db/maintenance.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let clerk: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    await addStaff(server.database.db, 'cap_clerk', '钱登记');
    clerk = callerFor(server, await tokenFor(server, 'cap_clerk'));
    // 1,001 visits of examinees surnamed 欧阳 on one day, written in one statement.
    await server.database.db.execute(sql`
      with people as (
        insert into customers (cust_name, sex, birthday)
        select '欧阳' || g, '1', '1980-01-01' from generate_series(1, 1001) g
        returning id
      )
      insert into orders (order_id, customer_id, exam_type, status, exam_date, total_price)
      select '20261120' || lpad(id::text, 6, '0'), id, 'health', 'registered', '2026-11-20', '0.00' from people`);
  });

  it('stops counting a search at 1,000 and says so', async () => {
    const capped = (await clerk.get('/manager/api/order/list', { key: '欧阳', size: 5 })).json().data;
    expect(capped).toMatchObject({ total: 1000, total_capped: true });
    expect(capped.list).toHaveLength(5);

    const exact = (await clerk.get('/manager/api/order/list', { key: '欧阳1000' })).json().data;
    expect(exact).toMatchObject({ total: 1, total_capped: false });
  });

  it('gathers planner statistics once, when tables were never analyzed', async () => {
    // A fresh database: the migrated tables have never been analyzed.
    expect(await analyzeIfNeverAnalyzed(server.database.db)).toBe(true);
    expect(await analyzeIfNeverAnalyzed(server.database.db)).toBe(false);
    const orders = (await server.database.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'orders'`,
    )) as unknown as { rows: { n: number }[] };
    expect(orders.rows[0]!.n).toBeGreaterThanOrEqual(1001);
  });
});
