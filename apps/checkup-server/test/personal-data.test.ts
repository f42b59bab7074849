import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckChar, maskIdNumber } from '@checkup/api-contract';
import { customers, unions } from '../src/db/schema.js';
import { form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';
import { addReviewedOrder } from './report-fixture.js';

const SAVE = '/manager/api/order/save';
const DETAIL = '/manager/api/order/detail';
const ORDER_LIST = '/manager/api/order/list';
const SEARCH = '/manager/api/customer/search';

/** A valid 18-digit GB 11643 number of region 320102. */
function idNumber(birthday: string, sequence: string): string {
  const first17 = `320102${birthday.replaceAll('-', '')}${sequence}`;
  return `${first17}${idNumberCheckChar(first17)}`;
}

/** The 15-digit form of a 19xx number: no century, no check character. */
const shortForm = (id18: string) => `${id18.slice(0, 6)}${id18.slice(8, 17)}`;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let unionId: number;

  async function register(fields: Record<string, string>) {
    const res = await clerk.post(SAVE, {
      sex: '1',
      exam_type: 'health',
      exam_date: '2026-12-02',
      union_ids: JSON.stringify([unionId]),
      ...fields,
    });
    expect(res.json()).toMatchObject({ status: 200 });
    return res.json().data as { order_id: string; customer_id: number };
  }

  /** Every column of a table's row as the database holds it, as one text. */
  async function rawRow(table: string, where: string): Promise<string> {
    const result = await db().execute(sql.raw(`select * from ${table} where ${where}`));
    const rows = (result as unknown as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(1);
    return JSON.stringify(rows[0]);
  }

  const orderIdsFound = async (key: string) =>
    ((await clerk.get(ORDER_LIST, { key })).json().data.list as { order_id: string }[]).map((r) => r.order_id);
  const customersFound = async (key: string) =>
    ((await clerk.get(SEARCH, { key })).json().data as { id: number }[]).map((r) => r.id);

  beforeAll(async () => {
    await addStaff(db(), 'pd_clerk', '登记员戊');
    clerk = callerFor(server, await tokenFor(server, 'pd_clerk'));
    const [xcg] = await db()
      .select({ id: unions.id })
      .from(unions)
      .where(sql`${unions.unionCode} = 'XCG'`);
    unionId = xcg!.id;
  });

  describe('at rest', () => {
    it('keeps neither the ID number nor the phone of a registered examinee in plain text', async () => {
      const id = idNumber('1979-04-13', '057');
      const saved = await register({
        cust_name: '周明',
        birthday: '1979-04-13',
        cust_id_card: id,
        phone: '13912345678',
      });

      const row = await rawRow('customers', `id = ${saved.customer_id}`);
      expect(row).not.toContain(id);
      expect(row).not.toContain(id.slice(0, 17));
      expect(row).not.toContain('13912345678');
    });

    it('keeps the mobile number an SMS report went to out of plain text', async () => {
      const orderId = await addReviewedOrder(db(), { status: 'final_trial', name: '短信甲', unionCodes: ['NKJC'] });
      await clerk.post('/manager/api/report/change_print_time', { order_id: orderId });
      await clerk.post('/manager/api/report/report_review', { order_id: orderId, result: 'pass' });
      const sent = await clerk.post('/manager/api/report/report_send', {
        order_ids: JSON.stringify([orderId]),
        method: 'sms',
        destination: '13655556666',
      });
      expect(sent.json().data).toMatchObject({ success: 1 });

      expect(await rawRow('report_deliveries', `order_id = '${orderId}'`)).not.toContain('13655556666');
    });
  });

  describe('exact look-up', () => {
    it('finds a person registered under an 18-digit number by its 15-digit form, and the reverse', async () => {
      const long = idNumber('1966-08-09', '031');
      const byLong = await register({ cust_name: '吴长', birthday: '1966-08-09', cust_id_card: long });
      const shortOnly = shortForm(idNumber('1958-02-03', '071'));
      const byShort = await register({ cust_name: '吴短', birthday: '1958-02-03', cust_id_card: shortOnly });

      expect(await orderIdsFound(shortForm(long))).toEqual([byLong.order_id]);
      expect(await customersFound(shortForm(long))).toEqual([byLong.customer_id]);
      expect(await orderIdsFound(idNumber('1958-02-03', '071'))).toEqual([byShort.order_id]);
      expect(await customersFound(idNumber('1958-02-03', '071'))).toEqual([byShort.customer_id]);
      // The self-print kiosk finds them by the card's 18 digits too.
      const kiosk = await server.app.inject({
        method: 'POST',
        url: '/manager/api/selfprint/find_examinee',
        ...form({ cust_id_card: idNumber('1958-02-03', '071') }),
      });
      expect(kiosk.json()).toMatchObject({ status: 200, data: { cust_name: '吴*' } });
    });

    it('finds an ID number ending in X typed with a lower-case x', async () => {
      const first17 = '32010219800101069';
      const id = `${first17}${idNumberCheckChar(first17)}`;
      expect(id.endsWith('X')).toBe(true);
      const saved = await register({ cust_name: '郑叉', birthday: '1980-01-01', cust_id_card: id.toLowerCase() });

      expect(await orderIdsFound(id.toLowerCase())).toEqual([saved.order_id]);
      expect(await customersFound(id)).toEqual([saved.customer_id]);
    });

    it('finds a mobile number typed with spaces or dashes', async () => {
      const saved = await register({
        cust_name: '冯话',
        birthday: '1990-10-10',
        cust_id_card: idNumber('1990-10-10', '011'),
        phone: '13700001111',
      });

      expect(await orderIdsFound('13700001111')).toEqual([saved.order_id]);
      expect(await orderIdsFound('137-0000-1111')).toEqual([saved.order_id]);
      expect(await customersFound('137 0000 1111')).toEqual([saved.customer_id]);
    });
  });

  describe('shown', () => {
    it('masks the ID number in the order list and shows it whole in the detail', async () => {
      const id = idNumber('1971-05-05', '091');
      const saved = await register({
        cust_name: '陈详',
        birthday: '1971-05-05',
        cust_id_card: id,
        phone: '13811112222',
      });

      const [listed] = (await clerk.get(ORDER_LIST, { key: id })).json().data.list;
      expect(listed.cust_id_card).toBe(`320102********${id.slice(-4)}`);
      const detail = (await clerk.get(DETAIL, { order_id: saved.order_id })).json().data;
      expect(detail.customer).toMatchObject({ cust_id_card: id, phone: '13811112222' });
    });
  });
  describe('one person', () => {
    it('registers a returning examinee under the same customer whichever form of the number is typed', async () => {
      const long = idNumber('1955-06-07', '015');
      const person = { cust_name: '褚回', birthday: '1955-06-07' };
      const first = await register({ ...person, cust_id_card: shortForm(long) });
      // The same day's open visit is found under the other form too, and asked about first.
      const asked = (await register({ ...person, cust_id_card: long })) as unknown as { outcome: string };
      expect(asked).toMatchObject({ outcome: 'duplicate_visit', existing: { order_id: first.order_id } });
      const again = await register({ ...person, cust_id_card: long, confirm_duplicate: '1' });

      expect(again.customer_id).toBe(first.customer_id);
    });
  });

  describe('opened in the application', () => {
    it('gives the whole number to the registration form’s search and masks it in its list column', async () => {
      const id = idNumber('1983-03-03', '055');
      const saved = await register({
        cust_name: '卫搜',
        birthday: '1983-03-03',
        cust_id_card: id,
        phone: '13612340000',
      });

      const [found] = (await clerk.get(SEARCH, { key: id })).json().data;
      expect(found).toMatchObject({
        id: saved.customer_id,
        cust_id_card: id,
        cust_id_card_masked: maskIdNumber(id),
        phone: '13612340000',
      });
    });

    it('prints the guide sheet with the ID number masked', async () => {
      const id = idNumber('1977-07-07', '033');
      const saved = await register({ cust_name: '蒋导检', birthday: '1977-07-07', cust_id_card: id });

      const res = await clerk.get('/manager/api/order/guide_sheet', { order_id: saved.order_id });
      const { text } = await readPdf(res.rawPayload);
      expect(text).toContain(maskIdNumber(id));
      expect(text).not.toContain(id);
    }, 30_000);

    it('shows the mobile number an SMS went to masked in the report history', async () => {
      const orderId = await addReviewedOrder(db(), { status: 'final_trial', name: '短信乙', unionCodes: ['NKJC'] });
      await clerk.post('/manager/api/report/change_print_time', { order_id: orderId });
      await clerk.post('/manager/api/report/report_review', { order_id: orderId, result: 'pass' });
      await clerk.post('/manager/api/report/report_send', {
        order_ids: JSON.stringify([orderId]),
        method: 'sms',
        destination: '13677778888',
      });

      const history = (await clerk.get('/manager/api/report/report_history', { order_id: orderId })).json().data;
      expect(history.deliveries).toMatchObject([{ method: 'sms', destination: '136****8888' }]);
    });
  });

  describe('tampering', () => {
    it('refuses a detail whose sealed ID number was changed in the database, saying so in Chinese', async () => {
      const id = idNumber('1962-09-09', '013');
      const saved = await register({ cust_name: '沈改', birthday: '1962-09-09', cust_id_card: id });
      const [row] = await db()
        .select()
        .from(customers)
        .where(sql`${customers.id} = ${saved.customer_id}`);
      const sealed = row!.custIdCardEnc!;
      const flipped = `${sealed.slice(0, -3)}${sealed.at(-3) === 'A' ? 'B' : 'A'}${sealed.slice(-2)}`;
      await db()
        .update(customers)
        .set({ custIdCardEnc: flipped })
        .where(sql`${customers.id} = ${saved.customer_id}`);

      const res = await clerk.get(DETAIL, { order_id: saved.order_id });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: 500,
        data: null,
        msg: '身份证号或手机号无法解密：数据可能被改动，或数据密钥与数据库不符，请联系系统管理员',
      });
    });

    it('refuses a phone sealed for another column moved into the ID number', async () => {
      const id = idNumber('1964-04-04', '017');
      const saved = await register({
        cust_name: '韩换',
        birthday: '1964-04-04',
        cust_id_card: id,
        phone: '13511112222',
      });
      await db()
        .update(customers)
        .set({ custIdCardEnc: sql`${customers.phoneEnc}` })
        .where(sql`${customers.id} = ${saved.customer_id}`);

      expect((await clerk.get(DETAIL, { order_id: saved.order_id })).statusCode).toBe(500);
    });
  });
});
