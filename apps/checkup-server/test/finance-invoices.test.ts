import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hisInvoicePushRoute,
  hisInvoiceStatusRoute,
  INVOICE_APPLICATION_STATE_LABELS,
  INVOICE_MOVE_KEYS,
  INVOICE_MOVES,
  invoiceApplicationAuditRoute,
  invoiceApplicationIssueRoute,
  invoiceApplicationMoveRoute,
  invoiceApplicationRemoveRoute,
  invoiceApplicationResource,
  invoiceApplicationSaveRoute,
  invoiceAvailableRoute,
  invoiceIssueRoute,
  invoiceOrderOptionsRoute,
  invoicePrintRoute,
  invoiceRangeResource,
  invoiceReprintRoute,
  invoiceResource,
  invoiceVoidRoute,
  moveAllowed,
  type InvoiceApplicationState,
  type InvoiceMove,
} from '@checkup/api-contract';
import {
  auditLog,
  cardBatches,
  cardTypes,
  companies,
  examCards,
  groupOrders,
  interfaceErrors,
  invoiceRanges,
  invoices,
  parameters,
  payments,
  users,
} from '../src/db/schema.js';
import { registerHisInvoicing } from '../src/modules/invoices/his-invoicing.js';
import { useTestServer } from './support/app.js';
import { staffSession } from './support/access.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor, tokenFor } from './support/domain.js';

type Caller = ReturnType<typeof callerFor>;
type Reply = Awaited<ReturnType<Caller['get']>>;
const data = (res: Reply) => res.json().data;
const msg = (res: Reply) => res.json().msg as string;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: Caller;
  let adminId: number;
  let serial = 0;
  const next = () => (serial += 1);

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    const [me] = await db().select({ id: users.id }).from(users).where(eq(users.userAccount, 'admin'));
    adminId = me!.id;
  });

  /** A visit with money lines (method → amount in yuan). */
  async function visitPaid(lines: [string, string][]) {
    const orderId = await addOrder(db(), { status: '1', name: '张三丰' });
    for (const [payMethod, amount] of lines) {
      await db().insert(payments).values({ orderId, purpose: 'visit', amount, payMethod });
    }
    return orderId;
  }

  /** A range of its own prefix for the admin (or 共用), start/end as digit strings. */
  async function range(start: string, end: string, fields: Record<string, string> = {}) {
    const prefix = fields.prefix ?? `P${next()}`;
    const res = await admin.post(invoiceRangeResource.routes.save.path, {
      kind: 'invoice',
      start_no: start,
      end_no: end,
      ...fields,
      prefix,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...data(res), prefix } as { id: number; version: number; prefix: string };
  }

  /** Only this range is open to the admin: the others are stopped. */
  async function onlyRange(start: string, end: string) {
    await db().update(invoiceRanges).set({ isActive: false });
    return range(start, end);
  }

  const issue = (orderId: string, fields: Record<string, string> = {}) =>
    admin.post(invoiceIssueRoute.path, {
      source: 'order',
      order_id: orderId,
      kind: 'invoice',
      title: '张三丰',
      ...fields,
    });

  describe('发票号段', () => {
    it('refuses a start above the end, unequal lengths, a bad prefix and an overlap of the same kind and prefix', async () => {
      const save = (fields: Record<string, string>) =>
        admin.post(invoiceRangeResource.routes.save.path, { kind: 'invoice', prefix: 'OV', ...fields });
      expect(msg(await save({ start_no: '0010', end_no: '0001' }))).toBe('起始号不能大于结束号');
      expect(msg(await save({ start_no: '001', end_no: '0010' }))).toBe('起始号与结束号位数应相同');
      expect(msg(await save({ start_no: '0a01', end_no: '0010' }))).toBe('起始号只能是数字');
      expect(msg(await save({ prefix: 'O-V', start_no: '0001', end_no: '0010' }))).toBe('前缀只能包含字母和数字');
      expect((await save({ start_no: '0001', end_no: '0010' })).statusCode).toBe(200);
      expect(msg(await save({ start_no: '0010', end_no: '0020' }))).toBe('与已有号段OV0001–OV0010重叠');
      // Another kind, another prefix or another length is another run of numbers.
      expect((await save({ kind: 'receipt', start_no: '0005', end_no: '0020' })).statusCode).toBe(200);
      expect((await save({ prefix: 'OW', start_no: '0005', end_no: '0020' })).statusCode).toBe(200);
      expect((await save({ start_no: '00005', end_no: '00020' })).statusCode).toBe(200);
    });

    it('keeps a used range’s start and lets its end move only down to the used pointer', async () => {
      const r = await onlyRange('0001', '0010');
      const orderId = await visitPaid([['cash', '100']]);
      for (let n = 0; n < 3; n += 1) expect((await issue(orderId, { amount: '10' })).statusCode).toBe(200);
      const [row] = (await admin.get(invoiceRangeResource.routes.list.path, { ids: String(r.id) })).json().data.list;
      expect(row).toMatchObject({ next_no: `${r.prefix}0004`, used: 3, remaining: 7, state: '启用' });
      const edit = (fields: Record<string, string>) =>
        admin.post(invoiceRangeResource.routes.save.path, {
          id: r.id,
          version: row.version,
          kind: 'invoice',
          prefix: r.prefix,
          start_no: '0001',
          end_no: '0010',
          ...fields,
        });
      expect(msg(await edit({ start_no: '0002' }))).toBe('该号段已使用，只能修改结束号、领用人和备注');
      expect(msg(await edit({ end_no: '0002' }))).toBe('结束号不能小于已使用的号码');
      expect(data(await edit({ end_no: '0003' }))).toMatchObject({ state: '用完', next_no: null, remaining: 0 });
    });
  });

  describe('开票', () => {
    it('takes the numbers of the range in order when several issue at once', async () => {
      const r = await onlyRange('000001', '000100');
      const orderId = await visitPaid([['cash', '80']]);
      const replies = await Promise.all(Array.from({ length: 8 }, () => issue(orderId, { amount: '10' })));
      for (const res of replies) expect(res.statusCode, res.body).toBe(200);
      const numbers = replies.map((res) => data(res).invoice_no as string).sort();
      expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `${r.prefix}00000${i + 1}`));
      expect(msg(await issue(orderId))).toBe('该体检没有可开票金额');
    });

    it('invoices only the money received, not beyond what is left, and says when the range is used up', async () => {
      const r = await onlyRange('01', '02');
      const noMoney = await visitPaid([
        ['exam_card', '50'],
        ['company', '70'],
      ]);
      expect(msg(await issue(noMoney))).toBe('该体检没有可开票金额');
      const orderId = await visitPaid([
        ['cash', '100'],
        ['exam_card', '50'],
      ]);
      expect(data(await admin.get(invoiceAvailableRoute.path, { source: 'order', order_id: orderId }))).toEqual({
        amount: '100.00',
        title: '张三丰',
      });
      expect(msg(await issue(orderId, { amount: '100.01' }))).toBe('超过可开票金额（可开票100.00元）');
      const first = data(await issue(orderId, { amount: '60' }));
      expect(first).toMatchObject({ invoice_no: `${r.prefix}01`, amount: '60.00', state: 'issued', scope: 'personal' });
      const [stored] = await db().select().from(invoices).where(eq(invoices.id, first.id));
      expect(stored).toMatchObject({ issuedBy: adminId, orderId });
      expect(data(await issue(orderId))).toMatchObject({ invoice_no: `${r.prefix}02`, amount: '40.00' });
      const third = await visitPaid([['wechat', '10']]);
      expect(msg(await issue(third))).toBe('发票号段已用完，请领用新号段');
      await db().update(invoiceRanges).set({ isActive: false });
      expect(msg(await issue(third))).toBe('没有可用的发票号段，请先领用号段');
    });

    it('refuses a card sold by 商户划账 and invoices a card sold for cash', async () => {
      await onlyRange('0001', '0050');
      const [type] = await db()
        .insert(cardTypes)
        .values({ typeName: `发票卡${next()}`, prefix: `F${serial}`, faceValue: '500', validityDays: 365 })
        .returning({ id: cardTypes.id });
      const [batch] = await db()
        .insert(cardBatches)
        .values({
          typeId: type!.id,
          startNo: 'x',
          endNo: 'x',
          cardCount: 2,
          faceValue: '500',
          validUntil: '2099-01-01',
        })
        .returning({ id: cardBatches.id });
      const card = async (method: string) => {
        const cardNo = `FP${next()}0000000`;
        const [row] = await db()
          .insert(examCards)
          .values({
            cardNo,
            typeId: type!.id,
            batchId: batch!.id,
            state: '已售',
            balance: '500',
            validUntil: '2099-01-01',
            buyerName: '李四',
          })
          .returning({ id: examCards.id });
        await db().insert(payments).values({ cardId: row!.id, purpose: 'card_sale', amount: '500', payMethod: method });
        return cardNo;
      };
      const byCard = (cardNo: string) =>
        admin.post(invoiceIssueRoute.path, { source: 'card', card_no: cardNo, kind: 'invoice', title: '李四' });
      expect(msg(await byCard(await card('transfer')))).toBe('商户划账售卡不能开具发票');
      expect(data(await byCard(await card('cash')))).toMatchObject({ amount: '500.00', card_no: expect.any(String) });
    });

    it('reprints with the count and an audit row, voids with the reason and never gives the number again', async () => {
      const r = await onlyRange('001', '009');
      const orderId = await visitPaid([['cash', '30']]);
      const first = data(await issue(orderId, { amount: '10' }));
      expect(data(await admin.post(invoiceReprintRoute.path, { id: first.id }))).toEqual({
        id: first.id,
        print_count: 2,
      });
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'invoice_reprint'), eq(auditLog.target, first.invoice_no)));
      expect(audits).toHaveLength(1);
      expect(msg(await admin.post(invoiceVoidRoute.path, { id: first.id, reason: '' }))).toBe('请填写作废原因');
      expect(data(await admin.post(invoiceVoidRoute.path, { id: first.id, reason: '抬头错误' }))).toEqual({
        id: first.id,
        state: 'voided',
      });
      const [voided] = await db().select().from(invoices).where(eq(invoices.id, first.id));
      expect(voided).toMatchObject({ state: 'voided', voidedBy: adminId, voidReason: '抬头错误' });
      expect(msg(await admin.post(invoiceVoidRoute.path, { id: first.id, reason: '再次' }))).toBe(
        '该发票已作废，不能重复作废',
      );
      expect(msg(await admin.post(invoiceReprintRoute.path, { id: first.id }))).toBe('该发票已作废，不能重打');
      // The voided money may be invoiced again, under the next number.
      const again = data(await issue(orderId));
      expect(again).toMatchObject({ invoice_no: `${r.prefix}002`, amount: '30.00' });
      const list = data(await admin.get(invoiceResource.routes.list.path, { order_id: orderId }));
      expect(list.list.map((row: { state: string }) => row.state)).toEqual(['issued', 'voided']);
      expect(list.list[0].cust_name).not.toBe('张三丰');
      const pdf = await admin.get(invoicePrintRoute.path, { id: again.id });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('开票申请', () => {
    let orderId: number;
    let companyId: number;
    let invoiceSerial = 0;
    beforeAll(async () => {
      const [company] = await db()
        .insert(companies)
        .values({ companyName: '发票测试单位' })
        .returning({ id: companies.id });
      companyId = company!.id;
      const [order] = await db()
        .insert(groupOrders)
        .values({
          orderNo: 'TD209901010001',
          orderName: '发票测试订单',
          companyId,
          planFrom: '2099-01-01',
          planTo: '2099-02-01',
          budget: '9000000.00',
          approvalState: 'approved',
        })
        .returning({ id: groupOrders.id });
      orderId = order!.id;
    });

    async function apply(caller = admin, fields: Record<string, string | number> = {}) {
      const res = await caller.post(invoiceApplicationSaveRoute.path, {
        group_order_id: orderId,
        invoice_type: 'vat_normal',
        title: '发票测试单位',
        amount: '100',
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(200);
      return data(res) as { id: number; version: number; state: number };
    }

    const routeOf = (move: InvoiceMove) =>
      ({
        apply: invoiceApplicationMoveRoute,
        audit: invoiceApplicationAuditRoute,
        issue: invoiceApplicationIssueRoute,
      })[INVOICE_MOVES[move].access];
    const move = (row: { id: number; version: number }, action: InvoiceMove, caller = admin) => {
      invoiceSerial += 1;
      return caller.post(routeOf(action).path, {
        id: row.id,
        version: row.version,
        action,
        note: '换票原因：抬头变更',
        invoice_no: `GT${String(invoiceSerial).padStart(6, '0')}`,
      });
    };
    const PATHS: Record<InvoiceApplicationState, InvoiceMove[]> = {
      0: [],
      1: ['audit'],
      6: ['reject'],
      2: ['audit', 'issue'],
      3: ['audit', 'issue', 'exchange_apply'],
      4: ['audit', 'issue', 'exchange_apply', 'exchange_audit'],
      5: ['audit', 'issue', 'exchange_apply', 'exchange_audit', 'exchange'],
    };
    async function inState(state: InvoiceApplicationState) {
      let row = await apply();
      for (const step of PATHS[state]) {
        const res = await move(row, step);
        expect(res.statusCode, res.body).toBe(200);
        row = data(res);
      }
      expect(row.state).toBe(state);
      return row;
    }

    it('allows each move only from its states and names the state when it refuses', async () => {
      for (const state of [0, 1, 2, 3, 4, 5, 6] as InvoiceApplicationState[]) {
        for (const action of INVOICE_MOVE_KEYS) {
          const row = await inState(state);
          const res = await move(row, action);
          if (moveAllowed(action, state)) {
            expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(200);
            expect(data(res).state).toBe(INVOICE_MOVES[action].to);
            expect(data(res).version).toBe(row.version + 1);
          } else {
            expect(res.statusCode, `${action} from ${state}`).toBe(409);
            expect(msg(res)).toContain(
              `开票申请状态为“${INVOICE_APPLICATION_STATE_LABELS[state]}”，不能${INVOICE_MOVES[action].label}`,
            );
          }
        }
      }
    }, 180_000);

    it('issues a group invoice on 出票 and, on 换票, voids it and issues the new number keeping the original', async () => {
      const row = await inState(4);
      const before = data(await admin.get(invoiceApplicationResource.routes.detail.path, { id: row.id }));
      const oldNo = before.invoice_no as string;
      const done = data(
        await admin.post(invoiceApplicationIssueRoute.path, {
          id: row.id,
          version: row.version,
          action: 'exchange',
          invoice_no: 'NEW-0001',
        }),
      );
      expect(done).toMatchObject({
        state: 5,
        invoice_no: 'NEW-0001',
        original_invoice_no: oldNo,
        exchange_reason: '换票原因：抬头变更',
      });
      const rows = await db().select().from(invoices).where(eq(invoices.applicationId, row.id));
      expect(rows.map((r) => [r.invoiceNo, r.state, r.scope, r.amount])).toEqual(
        expect.arrayContaining([
          [oldNo, 'voided', 'group', '100.00'],
          ['NEW-0001', 'issued', 'group', '100.00'],
        ]),
      );
      // The application's invoice is changed by 换票 only, not voided on its own.
      const current = rows.find((r) => r.state === 'issued')!;
      expect(msg(await admin.post(invoiceVoidRoute.path, { id: current.id, reason: '作废' }))).toBe(
        '该发票由开票申请出票（申请状态为“已换票”），请在开票申请中换票',
      );
      const listed = data(
        await admin.get(invoiceResource.routes.list.path, { scope: 'group', invoice_no: 'NEW-0001' }),
      );
      expect(listed.list[0]).toMatchObject({ company_name: '发票测试单位', group_order_no: 'TD209901010001' });
      // A number already used is refused, and 出票 needs one.
      const other = await inState(1);
      expect(
        msg(
          await admin.post(invoiceApplicationIssueRoute.path, {
            id: other.id,
            version: other.version,
            action: 'issue',
            invoice_no: 'NEW-0001',
          }),
        ),
      ).toBe('发票号NEW-0001已被使用');
      expect(
        msg(
          await admin.post(invoiceApplicationIssueRoute.path, {
            id: other.id,
            version: other.version,
            action: 'issue',
          }),
        ),
      ).toBe('请填写发票号');
    });

    it('refuses a stale version, an empty 换票 reason, and writes an audit row per move', async () => {
      const row = await inState(0);
      expect(
        (await admin.post(invoiceApplicationAuditRoute.path, { id: row.id, version: row.version + 5, action: 'audit' }))
          .statusCode,
      ).toBe(409);
      const audited = await inState(2);
      expect(
        msg(
          await admin.post(invoiceApplicationMoveRoute.path, {
            id: audited.id,
            version: audited.version,
            action: 'exchange_apply',
          }),
        ),
      ).toBe('请填写换票原因');
      const audits = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, String(audited.id)));
      expect(audits.map((a) => a.action)).toEqual(
        expect.arrayContaining(['invoice_application_save', 'invoice_application_audit', 'invoice_application_issue']),
      );
    });

    it('caps the applications of an order at the order amount', async () => {
      const [order] = await db()
        .insert(groupOrders)
        .values({
          orderNo: 'TD209901010002',
          orderName: '小订单',
          companyId,
          planFrom: '2099-01-01',
          planTo: '2099-01-02',
          budget: '1000.00',
          approvalState: 'approved',
        })
        .returning({ id: groupOrders.id });
      const save = (amount: string) =>
        admin.post(invoiceApplicationSaveRoute.path, {
          group_order_id: order!.id,
          invoice_type: 'vat_normal',
          title: '小',
          amount,
        });
      expect(msg(await save('1000.01'))).toContain('发票金额,不能大于订单金额!');
      const first = data(await save('600'));
      expect(msg(await save('400.01'))).toBe('发票金额,不能大于订单金额!（订单金额1000.00元，已申请600.00元）');
      // A refused application does not count.
      await admin.post(invoiceApplicationAuditRoute.path, {
        id: first.id,
        version: first.version,
        action: 'reject',
        note: '金额有误',
      });
      expect((await save('1000')).statusCode).toBe(200);
      const bill = data(await admin.get(invoiceOrderOptionsRoute.path, { id: order!.id })).list[0];
      expect(bill).toMatchObject({ amount: '1000.00', applied: '1000.00', invoiced: '0.00' });
      expect(
        msg(
          await admin.post(invoiceApplicationSaveRoute.path, {
            group_order_id: order!.id,
            invoice_type: 'vat_special',
            title: '小',
            amount: '1',
          }),
        ),
      ).toBe('增值税专用发票须填写税号');
    });

    it('deletes only one’s own application, and only while 未审核', async () => {
      const other = callerFor(server, await staffSession(db(), 'inv_applicant', ['finance_mg/apply_for_invoice']));
      const mine = await apply(other);
      const remove = (caller: Caller, row: { id: number; version: number }) =>
        caller.post(invoiceApplicationRemoveRoute.path, { id: row.id, version: row.version });
      expect(msg(await remove(admin, mine))).toBe('只能删除自己申请的发票！');
      const audited = await inState(1);
      expect(msg(await remove(admin, audited))).toBe('开票申请状态为“已审核”，不能删除（只能删除未审核的申请）');
      expect(data(await remove(other, mine))).toEqual({ id: mine.id });
      expect((await admin.get(invoiceApplicationResource.routes.detail.path, { id: mine.id })).statusCode).toBe(404);
    });
  });

  describe('权限与HIS', () => {
    it('refuses a role without the screen or the button permission', async () => {
      const applicant = callerFor(server, await staffSession(db(), 'inv_only_apply', ['finance_mg/apply_for_invoice']));
      const cashier = callerFor(server, await staffSession(db(), 'inv_cashier', ['finance_mg/invoice_mg']));
      const outsider = callerFor(server, await staffSession(db(), 'inv_outsider', ['finance_mg/cost_mg']));
      const row = { id: 1, version: 1 };
      expect((await applicant.post(invoiceApplicationAuditRoute.path, { ...row, action: 'audit' })).statusCode).toBe(
        403,
      );
      expect(
        (await applicant.post(invoiceApplicationIssueRoute.path, { ...row, action: 'issue', invoice_no: 'X' }))
          .statusCode,
      ).toBe(403);
      expect((await applicant.get(invoiceResource.routes.list.path)).statusCode).toBe(403);
      expect((await cashier.get(invoiceRangeResource.routes.list.path)).statusCode).toBe(200);
      expect(
        (await cashier.post(invoiceRangeResource.routes.save.path, { kind: 'invoice', start_no: '1', end_no: '2' }))
          .statusCode,
      ).toBe(403);
      expect((await cashier.get(invoiceApplicationResource.routes.list.path)).statusCode).toBe(403);
      expect(
        (
          await outsider.post(invoiceIssueRoute.path, {
            source: 'order',
            order_id: '20990101000001',
            kind: 'invoice',
            title: 'x',
          })
        ).statusCode,
      ).toBe(403);
      expect((await outsider.get(hisInvoiceStatusRoute.path)).statusCode).toBe(403);
    });

    it('says no HIS invoicing is configured, on the screen and on 推送HIS开票', async () => {
      expect(data(await admin.get(hisInvoiceStatusRoute.path))).toEqual({
        configured: false,
        interface_name: null,
        message: '未配置HIS开票接口，请在系统设置中配置医院接口',
      });
      const res = await admin.post(hisInvoicePushRoute.path, { group_order_id: 1 });
      expect(res.statusCode).toBe(409);
      expect(msg(res)).toBe('未配置HIS开票接口，请在系统设置中配置医院接口');
    });

    it('pushes the bill not yet invoiced to a plugged-in HIS, writes its number, and logs a failed call', async () => {
      let fail = false;
      registerHisInvoicing({
        name: '测试HIS',
        issue: async (bill) => {
          if (fail) throw new Error('HIS无响应');
          return { invoiceNo: `HIS-${bill.orderNo}` };
        },
      });
      await db()
        .insert(parameters)
        .values({
          paramCode: '0130',
          paramName: 'HIS接口',
          paramValue: { enabled: true, interface_name: '测试HIS', endpoint: 'http://his' },
        })
        .onConflictDoUpdate({
          target: parameters.paramCode,
          set: { paramValue: { enabled: true, interface_name: '测试HIS', endpoint: 'http://his' } },
        });
      expect(data(await admin.get(hisInvoiceStatusRoute.path))).toMatchObject({
        configured: true,
        interface_name: '测试HIS',
      });
      const [company] = await db()
        .insert(companies)
        .values({ companyName: 'HIS开票单位' })
        .returning({ id: companies.id });
      const order = async (no: string) => {
        const [row] = await db()
          .insert(groupOrders)
          .values({
            orderNo: no,
            orderName: 'HIS订单',
            companyId: company!.id,
            planFrom: '2099-01-01',
            planTo: '2099-01-02',
            budget: '300.00',
            approvalState: 'approved',
          })
          .returning({ id: groupOrders.id });
        return row!.id;
      };
      const first = await order('TD209901020001');
      expect(data(await admin.post(hisInvoicePushRoute.path, { group_order_id: first }))).toMatchObject({
        invoice_no: 'HIS-TD209901020001',
        amount: '300.00',
        scope: 'group',
        company_name: 'HIS开票单位',
      });
      expect(msg(await admin.post(hisInvoicePushRoute.path, { group_order_id: first }))).toBe('该订单已全部开票');
      fail = true;
      const second = await order('TD209901020002');
      expect(msg(await admin.post(hisInvoicePushRoute.path, { group_order_id: second }))).toBe(
        'HIS开票失败：HIS无响应',
      );
      const [logged] = await db()
        .select()
        .from(interfaceErrors)
        .where(eq(interfaceErrors.subject, `his_invoice:${second}`));
      expect(logged).toMatchObject({ system: 'his', callName: 'HIS团体开票' });
      expect(await db().select().from(invoices).where(eq(invoices.groupOrderId, second))).toHaveLength(0);
    });
  });
});
