import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  errorCatalogue,
  idNumberCheckChar,
} from '@checkup/api-contract';
import { customers, orders, packages } from '../src/db/schema.js';
import { DbIdempotencyStore } from '../src/modules/idempotency/db-store.js';
import type { KeptAnswer } from '../src/modules/idempotency/store.js';
import { form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addDept, addOrder, addStaff, tokenFor } from './support/domain.js';

const SAVE = '/manager/api/order/save';

/** A store whose completions wait while the test holds them: a first request that is still running. */
class HeldStore extends DbIdempotencyStore {
  held: Promise<void> | null = null;
  override async complete(scopeKey: string, owner: string, answer: KeptAnswer) {
    await this.held;
    return super.complete(scopeKey, owner, answer);
  }
}

let serial = 100;
/** A person of their own per test, so that the orders counted are that test's. */
function person() {
  serial += 1;
  // An odd sequence digit, as a man's number has.
  const first17 = `11010519850607${String(serial * 2 + 1).padStart(3, '0')}`;
  return {
    cust_name: '王建国',
    sex: '1',
    birthday: '1985-06-07',
    cust_id_card: `${first17}${idNumberCheckChar(first17)}`,
    exam_type: 'health',
    exam_date: '2026-12-01',
  };
}

describeOnEachDatabase((target) => {
  let store: HeldStore;
  const server = useTestServer(target, {
    deps: (database) => ({ idempotencyStore: (store = new HeldStore(database.db)) }),
  });
  const db = () => server.database.db;
  const tokens: Record<string, string> = {};
  let packageId = 0;

  beforeAll(async () => {
    await addStaff(db(), 'idem_clerk', '登记员甲');
    await addStaff(db(), 'idem_other', '登记员乙');
    tokens.clerk = await tokenFor(server, 'idem_clerk');
    tokens.other = await tokenFor(server, 'idem_other');
    const [pkg] = await db().select({ id: packages.id }).from(packages).where(eq(packages.packageCode, 'RZTJ'));
    packageId = pkg!.id;
  });

  const save = (fields: Record<string, string>, key?: string, as = 'clerk') => {
    const body = form({ ...fields, package_id: String(packageId) });
    return server.app.inject({
      method: 'POST',
      url: SAVE,
      payload: body.payload,
      headers: { ...body.headers, 'x-checkup-token': tokens[as]!, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
    });
  };
  const ordersOf = async (idCard: string) => {
    const [row] = await db()
      .select({ n: count() })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(customers.custIdCardHash, server.personalData.idCardLookup(idCard)));
    return row!.n;
  };

  it('gives a retried registration its first answer instead of making a second visit', async () => {
    const fields = person();
    const first = await save(fields, 'form-0001-retry');
    expect(first.json()).toMatchObject({ status: 200, data: { status: 'registered' } });

    const retry = await save(fields, 'form-0001-retry');

    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(await ordersOf(fields.cust_id_card)).toBe(1);
  });

  it('tells a retry that comes while the first is still running to wait, in Chinese', async () => {
    const fields = person();
    let open = () => {};
    store.held = new Promise((resolve) => (open = resolve));
    const first = save(fields, 'form-0002-running');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const second = await save(fields, 'form-0002-running');
    open();
    store.held = null;

    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ status: 409, data: null, msg: '请求正在处理中，请勿重复提交' });
    expect((await first).json()).toMatchObject({ status: 200 });
    expect(await ordersOf(fields.cust_id_card)).toBe(1);
  });

  it('refuses the same key with other fields with 422', async () => {
    const fields = person();
    await save(fields, 'form-0003-changed');
    const changed = await save({ ...fields, cust_name: '王建军' }, 'form-0003-changed');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ status: 422, data: null, msg: errorCatalogue.IDEMPOTENCY_KEY_REUSED.msg });
    expect(await ordersOf(fields.cust_id_card)).toBe(1);
  });

  it('keeps nothing for a refused call, so the corrected form may use its key', async () => {
    const fields = person();
    const refused = await save({ ...fields, exam_type: 'unknown' }, 'form-0004-refused');
    expect(refused.json()).toMatchObject({ status: 400 });
    const corrected = await save(fields, 'form-0004-refused');
    expect(corrected.json()).toMatchObject({ status: 200, data: { status: 'registered' } });
  });

  it('scopes a key to the account: another clerk with the same key makes their own visit', async () => {
    // Confirmed: a second open visit of the same person that day is asked about first (issue 17 §3).
    const fields = { ...person(), confirm_duplicate: '1' };
    await save(fields, 'form-0005-shared');
    const other = await save(fields, 'form-0005-shared', 'other');
    expect(other.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await ordersOf(fields.cust_id_card)).toBe(2);
  });

  it('leaves callers without the header as they were', async () => {
    const fields = { ...person(), confirm_duplicate: '1' };
    await save(fields);
    await save(fields);
    expect(await ordersOf(fields.cust_id_card)).toBe(2);
  });

  it('gives a retried department signature, a GET that writes, its first answer', async () => {
    const { deptId } = await addDept(db(), '内科');
    const orderId = await addOrder(db(), { status: 'in_exam', depts: [{ deptId, status: '1' }] });
    const sign = (key?: string) =>
      server.app.inject({
        method: 'GET',
        url: `/manager/api/departmentdiagnosis/order_dept_sign?order_id=${orderId}&exam_dept_id=${deptId}`,
        headers: { 'x-checkup-token': tokens.clerk!, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
      });

    const first = await sign('sign-0006-retry');
    const retry = await sign('sign-0006-retry');

    expect(first.json()).toMatchObject({ status: 200, data: { order_status: 'depts_done' } });
    expect(retry.body).toBe(first.body);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect((await sign()).statusCode).not.toBe(200);
  });

  it('refuses a malformed key with 400', async () => {
    const res = await save(person(), 'short');
    expect(res.json()).toEqual({ status: 400, data: null, msg: errorCatalogue.IDEMPOTENCY_KEY_INVALID.msg });
  });
});
