import { DEMO_PASSWORD } from '@checkup/api-contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { orderUnions, unions } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';
import { addReviewedOrder } from './report-fixture.js';
import { readPdf } from './support/pdf.js';

/** Issue 19: the guide sheet and the report say which lines were waived, refused or deferred. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: ReturnType<typeof callerFor>;
  const union: Record<string, { id: number; deptId: number }> = {};

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
    const rows = await db()
      .select({ id: unions.id, code: unions.unionCode, deptId: unions.deptId })
      .from(unions)
      .where(inArray(unions.unionCode, ['XCG', 'NCG', 'XDT', 'GGN']));
    for (const row of rows) union[row.code] = row;
  });

  it('marks a waived line 弃检 and a deferred one 迟检 with its day on the guide sheet', async () => {
    const saved = await admin.post('/manager/api/order/save', {
      cust_name: '冯弃检',
      sex: '1',
      birthday: '1990-03-03',
      exam_type: 'health',
      exam_date: '2026-12-02',
      union_ids: JSON.stringify([union.XCG!.id, union.NCG!.id, union.XDT!.id]),
    });
    const orderId = saved.json().data.order_id as string;
    const change = (unionId: number, action: string, extra: Record<string, string>) =>
      admin.post('/manager/api/item_exec/change', { order_id: orderId, union_id: unionId, action, ...extra });
    expect((await change(union.NCG!.id, 'waive', { reason: '无法留取尿样' })).statusCode).toBe(200);
    expect((await change(union.XDT!.id, 'defer', { exec_date: '2099-01-05' })).statusCode).toBe(200);

    const res = await admin.get('/manager/api/order/guide_sheet', { order_id: orderId });
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toMatch(/尿常规\s*（弃检）/);
    expect(text).toMatch(/心电图\s*（迟检 2099-01-05）/);
    expect(text).not.toMatch(/血常规\s*（/);
  }, 30_000);

  it('lists waived, refused and deferred lines in the report by name instead of leaving them blank', async () => {
    const orderId = await addReviewedOrder(db(), { status: 'final_trial', name: '褚报告', unionCodes: ['XCG'] });
    await db()
      .insert(orderUnions)
      .values([
        { orderId, unionId: union.XCG!.id, deptId: union.XCG!.deptId, price: '20.00', origin: 'package', status: '1' },
        { orderId, unionId: union.GGN!.id, deptId: union.GGN!.deptId, price: '30.00', origin: 'package', status: '4' },
        {
          orderId,
          unionId: union.XDT!.id,
          deptId: union.XDT!.deptId,
          price: '25.00',
          origin: 'package',
          status: '3',
          execDate: '2099-02-03',
        },
      ]);
    const res = await admin.get('/manager/api/report/report_pdf', { order_id: orderId });
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    // 心电图室 has no order_depts row (nothing to do there today) and is reported all the same.
    expect(text).toContain('心电图室');
    // Issue 20: a deferred line reads 未检 in the report, with the day it was deferred to.
    expect(text).toMatch(/心电图\s*未检（迟检至2099-02-03）/);
    expect(text).toMatch(/肝功能\s*拒检/);
    expect((await db().select().from(orderUnions).where(eq(orderUnions.orderId, orderId))).length).toBe(3);
  }, 30_000);
});
