import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  bankAuditRoute,
  bankImportRoute,
  bankReceiptResource,
  bankSplitSaveRoute,
  bankSplitsRoute,
  bankTargetsRoute,
  bankUnauditRoute,
  reconBatchResource,
  reconMatchRoute,
  reconResolveRoute,
  reconRowsRoute,
  reconTemplateRoute,
  reconUploadRoute,
  SETTLEMENT_TEMPLATES,
  XLSX_TYPE,
  type ReconRow,
} from '@checkup/api-contract';
import { auditLog, companies, groupOrders, payments } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';

type Caller = ReturnType<typeof callerFor>;
const DAY = '2026-11-20';
const at = (time: string) => new Date(`${DAY}T${time}+08:00`);

/** A multipart body with one file, as a browser's FormData makes it. */
async function multipart(file: Buffer, name: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)]), name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** The first sheet's rows of a workbook as text. */
async function rowsOf(data: Buffer, sheet = 0) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[sheet]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { rows, names: book.worksheets.map((s) => s.name) };
}

/** 对账 and 财务到账匹配 (issue 23, breadth §3.3, §3.8, §11.4). */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let admin: Caller;
  let orderId: string;
  let otherOrder: string;

  const upload = async (caller: Caller, path: string, file: Buffer, name: string) => {
    const body = await multipart(file, name);
    return server.app.inject({
      method: 'POST',
      url: path,
      payload: body.payload,
      headers: { 'content-type': body.type, 'x-checkup-token': caller.token },
    });
  };

  async function pay(values: Partial<typeof payments.$inferInsert> & { amount: string; payMethod: string }) {
    const [line] = await db()
      .insert(payments)
      .values({ orderId, purpose: 'visit', paidAt: at('10:00:00'), ...values })
      .returning({ id: payments.id });
    return line!.id;
  }

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
    orderId = await addOrder(db(), { status: 'registered' });
    otherOrder = await addOrder(db(), { status: 'registered' });
    // PEIS side of 微信 on DAY: 一致, 金额不符 (channel more), 短款, netted refund (一致), 金额不符 (channel less).
    await pay({ tradeNo: 'WX001', amount: '100.00', payMethod: 'wechat' });
    await pay({ tradeNo: 'WX002', amount: '50.00', payMethod: 'wechat' });
    await pay({ tradeNo: 'WX003', amount: '60.00', payMethod: 'wechat' });
    const wx4 = await pay({ tradeNo: 'WX004', amount: '200.00', payMethod: 'wechat' });
    // A refund line carries no trade number of its own: it counts under its charge's.
    await pay({ kind: 'refund', refundOf: wx4, amount: '-50.00', payMethod: 'wechat', paidAt: at('15:00:00') });
    await pay({ tradeNo: 'WX005', amount: '30.00', payMethod: 'wechat', orderId: otherOrder });
    // Outside the match: another day, another method.
    await pay({ tradeNo: 'WX777', amount: '9.00', payMethod: 'wechat', paidAt: new Date('2026-11-22T10:00:00+08:00') });
    await pay({ tradeNo: 'WX008', amount: '8.00', payMethod: 'alipay' });
    // POS (银行卡) lines for the csv import.
    await pay({ tradeNo: '000111', amount: '88.00', payMethod: 'card' });
    await pay({ tradeNo: '000222', amount: '12.50', payMethod: 'card' });
  });

  /** Downloads the 微信 template and fills it with the channel's bill. */
  async function wechatBill() {
    const res = await admin.get(reconTemplateRoute.path, { channel: 'wechat' });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const line = (time: string, trade: string, amount: string, refund = '0') =>
      sheet.addRow([`${DAY} ${time}`, trade, `42000${trade}`, 'SUCCESS', amount, refund, '0.00', '']);
    line('10:00:05', 'WX001', '100.00');
    line('10:01:00', 'WX002', '80.00');
    line('10:02:00', 'WX004', '200.00', '50.00');
    line('10:03:00', 'WX005', '20.00');
    line('11:30:00', 'WX900', '45.00');
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  async function matchWechat(caller: Caller = admin) {
    const up = await upload(caller, `${reconUploadRoute.path}?channel=wechat`, await wechatBill(), '微信账单.xlsx');
    expect(up.json()).toMatchObject({ status: 200 });
    const { file_id, mapping } = up.json().data;
    const matched = await caller.post(reconMatchRoute.path, {
      file_id,
      channel: 'wechat',
      date_from: DAY,
      date_to: DAY,
      ...mapping,
    });
    expect(matched.json()).toMatchObject({ status: 200 });
    return matched.json().data.id as number;
  }

  const rowsOfBatch = async (id: number, query: Record<string, string> = {}) =>
    (await admin.get(reconRowsRoute.path, { id, ...query })).json().data as {
      rows: ReconRow[];
      totals: Record<string, string | number>;
    };
  const byTrade = (rows: ReconRow[], trade: string) => rows.find((r) => r.trade_no === trade)!;

  describe('templates and import', () => {
    it('offers one template per channel with its columns and a 说明 sheet describing each', async () => {
      for (const channel of ['wechat', 'alipay', 'pos', 'bank'] as const) {
        const res = await admin.get(reconTemplateRoute.path, { channel });
        expect(res.headers['content-disposition']).toContain(encodeURIComponent('对账单模板.xlsx'));
        const { rows, names } = await rowsOf(res.rawPayload);
        expect(rows[0]).toEqual(SETTLEMENT_TEMPLATES[channel].columns.map((c) => c.title));
        expect(names[1]).toBe('说明');
        const notes = (await rowsOf(res.rawPayload, 1)).rows;
        expect(notes[0]).toEqual(['列名', '说明']);
        expect(notes.slice(1, 1 + rows[0]!.length).map((r) => r[0])).toEqual(rows[0]);
      }
      const bad = await admin.get(reconTemplateRoute.path, { channel: 'paypal' });
      expect(bad.json().msg).toBe('请选择对账渠道');
    });

    it('reads a filled template back: the header, a preview and the template columns prefilled', async () => {
      const res = await upload(admin, `${reconUploadRoute.path}?channel=wechat`, await wechatBill(), '微信账单.xlsx');
      const data = res.json().data;
      expect(data.headers).toEqual(SETTLEMENT_TEMPLATES.wechat.columns.map((c) => c.title));
      expect(data.row_count).toBe(5);
      expect(data.encoding).toBeNull();
      expect(data.preview[0].slice(0, 2)).toEqual([`${DAY} 10:00:05`, 'WX001']);
      expect(data.mapping).toEqual({ trade: '商户订单号', amount: '订单金额', time: '交易时间', refund: '退款金额' });
    });

    it('reads a GBK .csv and a UTF-8 .csv with BOM in another layout, mapped by the user', async () => {
      const csv = [
        '日期,终端,参考号,卡号,金额',
        `${DAY} 09:00:00,T01,000111,6222021234567891234,88.00`,
        `${DAY} 09:10:00,T01,000222,622202******5678,12.50`,
      ].join('\r\n');
      const encoded = gbkEncode(csv);
      const res = await upload(admin, `${reconUploadRoute.path}?channel=pos`, encoded, 'pos.csv');
      const data = res.json().data;
      expect(data.encoding).toBe('GBK');
      expect(data.headers).toEqual(['日期', '终端', '参考号', '卡号', '金额']);
      // A whole card number is shown and kept masked.
      expect(data.preview[0][3]).toBe('622202*********1234');
      // None of the template's headers are there: the user maps them.
      expect(data.mapping).toEqual({ trade: '', amount: '', time: '', refund: '' });
      const matched = await admin.post(reconMatchRoute.path, {
        file_id: data.file_id,
        channel: 'pos',
        date_from: DAY,
        date_to: DAY,
        trade: '参考号',
        amount: '金额',
        time: '日期',
      });
      const { rows } = await rowsOfBatch(matched.json().data.id);
      expect(rows.map((r) => [r.trade_no, r.result])).toEqual([
        ['000111', '一致'],
        ['000222', '一致'],
      ]);

      const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]);
      const second = (await upload(admin, `${reconUploadRoute.path}?channel=pos`, bom, 'pos.csv')).json().data;
      expect(second.encoding).toBe('UTF-8');
      expect(second.headers[0]).toBe('日期');
    });

    it('refuses a mapping to a column the file lacks, a row it cannot read, and a file that is neither', async () => {
      const up = (await upload(admin, `${reconUploadRoute.path}?channel=wechat`, await wechatBill(), 'a.xlsx')).json();
      const base = { file_id: up.data.file_id, channel: 'wechat', date_from: DAY, date_to: DAY };
      const missing = await admin.post(reconMatchRoute.path, {
        ...base,
        trade: '流水',
        amount: '订单金额',
        time: '交易时间',
      });
      expect(missing.json().msg).toBe('对账单中没有“流水”列');
      const wrongChannel = await admin.post(reconMatchRoute.path, {
        ...base,
        channel: 'alipay',
        trade: '商户订单号',
        amount: '订单金额',
        time: '交易时间',
      });
      expect(wrongChannel.json().msg).toBe('对账单与所选渠道不一致，请重新上传');
      const reversed = await admin.post(reconMatchRoute.path, {
        ...base,
        date_from: '2026-11-21',
        trade: '商户订单号',
        amount: '订单金额',
        time: '交易时间',
      });
      expect(reversed.json().msg).toBe('开始日期不能晚于结束日期');

      const badCsv = Buffer.from('流水号,金额,时间\nA1,12.345,2026-11-20\n', 'utf8');
      const bad = (await upload(admin, `${reconUploadRoute.path}?channel=bank`, badCsv, 'b.csv')).json().data;
      const refused = await admin.post(reconMatchRoute.path, {
        file_id: bad.file_id,
        channel: 'bank',
        date_from: DAY,
        date_to: DAY,
        trade: '流水号',
        amount: '金额',
        time: '时间',
      });
      expect(refused.json().msg).toBe('第2行金额格式不正确');

      const pdf = Buffer.from('%PDF-1.4\n', 'latin1');
      const notSheet = await upload(admin, `${reconUploadRoute.path}?channel=bank`, pdf, 'x.pdf');
      expect(notSheet.json().msg).toBe('只能上传Excel 工作簿（.xlsx）或 CSV 文件（.csv）');
    });
  });

  describe('matching and resolving', () => {
    let batchId: number;
    beforeAll(async () => {
      batchId = await matchWechat();
    });

    it('classifies every trade number into 一致/长款/短款/金额不符 and the differences add up', async () => {
      const { rows, totals } = await rowsOfBatch(batchId);
      const results = Object.fromEntries(rows.map((r) => [r.trade_no, [r.result, r.channel_amount, r.peis_amount]]));
      expect(results).toEqual({
        WX001: ['一致', '100.00', '100.00'],
        WX002: ['金额不符', '80.00', '50.00'],
        WX003: ['短款', null, '60.00'],
        WX004: ['一致', '150.00', '150.00'],
        WX005: ['金额不符', '20.00', '30.00'],
        WX900: ['长款', '45.00', null],
      });
      expect(byTrade(rows, 'WX900').channel_time).toBe(at('11:30:00').toISOString());
      expect(byTrade(rows, 'WX004').raw_rows![0]).toMatchObject({ 退款金额: '50.00', 订单金额: '200.00' });
      expect(totals).toEqual({
        channel_total: '395.00',
        peis_total: '390.00',
        difference: '5.00',
        explained: '5.00',
        open_count: 4,
      });
      const batch = (await admin.get(reconBatchResource.routes.detail.path, { id: batchId })).json().data;
      expect(batch).toMatchObject({
        channel: 'wechat',
        state: '待处理',
        matched_count: 2,
        over_count: 1,
        short_count: 1,
        mismatch_count: 2,
        open_count: 4,
        mapping: { trade: '商户订单号', refund: '退款金额' },
      });
      expect((await rowsOfBatch(batchId, { result: '短款' })).rows.map((r) => r.trade_no)).toEqual(['WX003']);
      expect((await rowsOfBatch(batchId, { open: '1' })).rows).toHaveLength(4);
      const listed = (
        await admin.get(reconBatchResource.routes.list.path, { channel: 'wechat', state: '待处理' })
      ).json();
      expect(listed.data.list.map((b: { id: number }) => b.id)).toContain(batchId);
    });

    it('refuses a resolution that does not fit the row', async () => {
      const { rows } = await rowsOfBatch(batchId);
      const resolve = (trade: string, fields: Record<string, string>) =>
        admin.post(reconResolveRoute.path, { row_id: byTrade(rows, trade).id, ...fields });
      expect((await resolve('WX900', { resolution: '补单', order_id: '20991231000001' })).json().msg).toBe(
        '体检号不存在，请核对后重新输入',
      );
      expect((await resolve('WX900', { resolution: '补单' })).json().msg).toBe('补单请填写体检号');
      expect((await resolve('WX003', { resolution: '补单', order_id: orderId })).json().msg).toBe('只有长款可以补单');
      expect((await resolve('WX900', { resolution: '冲正' })).json().msg).toBe('只有短款或金额不符可以冲正');
      expect((await resolve('WX002', { resolution: '冲正' })).json().msg).toBe(
        '渠道金额大于系统金额，不能冲正，请填写说明',
      );
      expect((await resolve('WX002', { resolution: '说明' })).json().msg).toBe('请填写说明');
      expect((await resolve('WX001', { resolution: '说明', note: '无' })).json().msg).toBe('一致的明细无需处理');
    });

    it('补单 and 冲正 write the right money lines, and the batch completes with its last row', async () => {
      const { rows } = await rowsOfBatch(batchId);
      const resolve = (trade: string, fields: Record<string, string>) =>
        admin.post(reconResolveRoute.path, { row_id: byTrade(rows, trade).id, ...fields });

      const added = (await resolve('WX900', { resolution: '补单', order_id: orderId })).json();
      expect(added.data.batch_state).toBe('待处理');
      expect(added.data.row).toMatchObject({ resolution: '补单', resolved_by_name: expect.any(String) });
      const [line] = await db().select().from(payments).where(eq(payments.id, added.data.row.resolution_payment_id));
      expect(line).toMatchObject({
        orderId,
        purpose: 'visit',
        kind: 'charge',
        payMethod: 'wechat',
        tradeNo: 'WX900',
        amount: '45.00',
        note: '对账补单',
      });
      expect(line!.paidAt.toISOString()).toBe(at('11:30:00').toISOString());

      const short = (await resolve('WX003', { resolution: '冲正' })).json().data.row;
      const mismatch = (await resolve('WX005', { resolution: '冲正', note: '少收10元' })).json().data.row;
      const reversals = await db()
        .select()
        .from(payments)
        .where(inArray(payments.id, [short.resolution_payment_id, mismatch.resolution_payment_id]))
        .orderBy(payments.id);
      expect(reversals.map((r) => [r.kind, r.refundOf, r.amount, r.payMethod, r.tradeNo, r.orderId, r.note])).toEqual([
        ['reversal', byTrade(rows, 'WX003').payment_id, '-60.00', 'wechat', 'WX003', orderId, '对账冲正'],
        ['reversal', byTrade(rows, 'WX005').payment_id, '-10.00', 'wechat', 'WX005', otherOrder, '对账冲正'],
      ]);

      const last = (await resolve('WX002', { resolution: '说明', note: '跨日：次日补记' })).json().data;
      expect(last.batch_state).toBe('已完成');
      expect(last.row).toMatchObject({ resolution: '说明', note: '跨日：次日补记', resolution_payment_id: null });
      const again = await resolve('WX002', { resolution: '说明', note: '再次' });
      expect(again.json().msg).toBe('该明细已处理，不能重复处理');
      const batch = (await admin.get(reconBatchResource.routes.detail.path, { id: batchId })).json().data;
      expect(batch).toMatchObject({ state: '已完成', open_count: 0, completed_at: expect.any(String) });
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'recon_resolve'), eq(auditLog.target, batch.batch_no)));
      expect(audits).toHaveLength(4);

      // The same bill matched again: what 补单 and 冲正 fixed is 一致 now; only the 说明 row differs.
      const { rows: rematched, totals } = await rowsOfBatch(await matchWechat());
      expect(rematched.filter((r) => r.result !== '一致').map((r) => r.trade_no)).toEqual(['WX002']);
      expect(totals).toMatchObject({ channel_total: '395.00', peis_total: '365.00', explained: '30.00' });
    });
  });

  describe('bank receipts (财务到账匹配)', () => {
    let companyId: number;
    let otherCompany: number;
    let orderOfCompany: number;
    let orderOfOther: number;
    beforeAll(async () => {
      const made = await db()
        .insert(companies)
        .values([{ companyName: '到账测试甲公司' }, { companyName: '到账测试乙公司' }])
        .returning({ id: companies.id });
      [companyId, otherCompany] = made.map((c) => c.id) as [number, number];
      const orders = await db()
        .insert(groupOrders)
        .values([
          { orderNo: 'TDBANK0001', orderName: '甲公司年检', companyId, planFrom: DAY, planTo: DAY },
          { orderNo: 'TDBANK0002', orderName: '乙公司年检', companyId: otherCompany, planFrom: DAY, planTo: DAY },
        ])
        .returning({ id: groupOrders.id });
      [orderOfCompany, orderOfOther] = orders.map((o) => o.id) as [number, number];
    });

    describeResource(server, bankReceiptResource, {
      valid: (n) => ({ serial_no: `BK-R${n}`, payer: `汇款单位${n}`, amount: '1000.00', remitted_at: `${DAY} 09:30` }),
      invalid: [
        { form: { serial_no: '', payer: '甲', amount: '1', remitted_at: DAY }, message: '请填写交易流水号' },
        { form: { serial_no: 'X1', payer: '甲', amount: '0', remitted_at: DAY }, message: '汇款金额应大于0' },
        {
          form: { serial_no: 'X1', payer: '甲', amount: '1', remitted_at: '20261120' },
          message: '汇款时间格式应为 年-月-日 时:分',
        },
      ],
      filterFor: (n) => ({ payer: `汇款单位${n}` }),
    });

    async function receipt(serial: string, amount: string) {
      const saved = await admin.post(bankReceiptResource.routes.save.path, {
        serial_no: serial,
        payer: '到账测试甲公司',
        amount,
        remitted_at: `${DAY} 14:00`,
      });
      return saved.json().data as { id: number; version: number };
    }
    const splits = (rows: Record<string, unknown>[]) => JSON.stringify(rows);

    it('keeps the split total within the receipt; 结算状态 follows it and 审核 needs it equal', async () => {
      const r = await receipt('BK-S1', '1000.00');
      const save = (version: number, rows: Record<string, unknown>[]) =>
        admin.post(bankSplitSaveRoute.path, { id: r.id, version, splits: splits(rows) });
      const over = await save(r.version, [
        { settle_mode: '统收', company_id: companyId, amount: '600.00' },
        { settle_mode: '个检', company_id: companyId, amount: '400.01' },
      ]);
      expect(over.json().msg).toBe(BANK_MESSAGES.overSplit);
      const wrongOrder = await save(r.version, [
        { settle_mode: '统收', company_id: companyId, group_order_id: orderOfOther, amount: '10.00' },
      ]);
      expect(wrongOrder.json().msg).toBe('所选订单不属于该单位');

      const part = (
        await save(r.version, [
          {
            settle_mode: '统收',
            company_id: companyId,
            group_order_id: orderOfCompany,
            amount: '600.00',
            sales_manager: '王经理',
          },
        ])
      ).json().data;
      expect(part).toEqual({ version: r.version + 1, settle_state: '部分结算', settled_amount: '600.00' });
      const early = await admin.post(bankAuditRoute.path, { id: r.id, version: part.version });
      expect(early.json().msg).toBe(BANK_MESSAGES.auditUnequal);
      const stale = await save(r.version, []);
      expect(stale.json().msg).toBe('该到账已被他人修改，请刷新后重试');

      const full = (
        await save(part.version, [
          {
            settle_mode: '统收',
            company_id: companyId,
            group_order_id: orderOfCompany,
            amount: '600.00',
            sales_manager: '王经理',
          },
          { settle_mode: '充卡', company_id: otherCompany, amount: '399.99', note: '乙公司充卡' },
          { settle_mode: '代收', company_id: otherCompany, amount: '0.01' },
        ])
      ).json().data;
      expect(full).toMatchObject({ settle_state: '已结算', settled_amount: '1000.00' });
      const listed = (await admin.get(bankSplitsRoute.path, { id: r.id })).json().data.splits;
      expect(
        listed.map((s: { company_name: string; order_no: string | null; amount: string }) => [
          s.company_name,
          s.order_no,
          s.amount,
        ]),
      ).toEqual([
        ['到账测试甲公司', 'TDBANK0001', '600.00'],
        ['到账测试乙公司', null, '399.99'],
        ['到账测试乙公司', null, '0.01'],
      ]);
      // A receipt with splits keeps its amount.
      const edit = await admin.post(bankReceiptResource.routes.save.path, {
        id: r.id,
        version: full.version,
        serial_no: 'BK-S1',
        payer: '到账测试甲公司',
        amount: '2000.00',
        remitted_at: DAY,
      });
      expect(edit.json().msg).toBe(BANK_MESSAGES.hasSplits);

      const audited = (await admin.post(bankAuditRoute.path, { id: r.id, version: full.version })).json().data;
      expect(audited.audit_state).toBe('已审核');
      expect((await save(audited.version, [])).json().msg).toBe(BANK_MESSAGES.audited);
      const row = (await admin.get(bankReceiptResource.routes.detail.path, { id: r.id })).json().data;
      expect(row).toMatchObject({ audit_state: '已审核', settle_state: '已结算', sales_managers: '王经理' });
      const filtered = (await admin.get(bankReceiptResource.routes.list.path, { audit_state: '已审核' })).json().data;
      expect(filtered.list.map((x: { serial_no: string }) => x.serial_no)).toContain('BK-S1');

      const undone = (await admin.post(bankUnauditRoute.path, { id: r.id, version: audited.version })).json().data;
      expect(undone.audit_state).toBe('未审核');
      expect((await admin.post(bankUnauditRoute.path, { id: r.id, version: undone.version })).json().msg).toBe(
        BANK_MESSAGES.notAudited,
      );
      const cleared = (await save(undone.version, [])).json().data;
      expect(cleared).toEqual({ version: undone.version + 1, settle_state: '未结算', settled_amount: '0.00' });
      const actions = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, 'BK-S1'));
      expect(actions.map((a) => a.action)).toEqual(
        expect.arrayContaining(['bank_receipt_split', 'bank_receipt_audit', 'bank_receipt_unaudit']),
      );
    });

    it('imports receipts from the bank template, skipping a known 流水号 and a bad row', async () => {
      const template = await admin.get(reconTemplateRoute.path, { channel: 'bank' });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      sheet.addRow([`${DAY} 09:00`, 'BK-I1', '到账测试甲公司', '6222****0001', '5000.00', '体检费']);
      sheet.addRow([`${DAY} 10:00`, 'BK-I2', '到账测试乙公司', '', '1,200.50', '']);
      sheet.addRow([`${DAY} 11:00`, 'BK-I1', '到账测试甲公司', '', '5000.00', '重复']);
      sheet.addRow([`${DAY} 12:00`, 'BK-I3', '', '', '1.00', '']);
      const res = await upload(admin, bankImportRoute.path, Buffer.from(await book.xlsx.writeBuffer()), '银行.xlsx');
      expect(res.json().data).toEqual({
        imported: 2,
        skipped: [
          { row: 4, serial_no: 'BK-I1', reason: '流水号已存在' },
          { row: 5, serial_no: 'BK-I3', reason: '缺少对方户名' },
        ],
      });
      const list = (await admin.get(bankReceiptResource.routes.list.path, { payer: '到账测试乙公司' })).json().data
        .list;
      expect(list).toEqual([
        expect.objectContaining({
          serial_no: 'BK-I2',
          amount: '1200.50',
          settle_state: '未结算',
          audit_state: '未审核',
        }),
      ]);
      const targets = (await admin.get(bankTargetsRoute.path, { key: '到账测试甲' })).json().data;
      expect(targets).toEqual([
        {
          id: companyId,
          company_name: '到账测试甲公司',
          orders: [{ id: orderOfCompany, order_no: 'TDBANK0001', order_name: '甲公司年检' }],
        },
      ]);
    });
  });

  describe('permissions', () => {
    it('refuses 处理差异 without its permission, 审核 without its own, and the screens to a stranger', async () => {
      const viewer = callerFor(
        server,
        await staffSession(db(), 'recon_viewer', ['finance_mg/account_reconciliation_mg']),
      );
      const resolver = callerFor(
        server,
        await staffSession(db(), 'recon_resolver', [
          'finance_mg/account_reconciliation_mg',
          'finance_mg/account_reconciliation_mg:resolve',
        ]),
      );
      const matcher = callerFor(server, await staffSession(db(), 'bank_clerk', ['finance_mg/finance_match']));
      const stranger = callerFor(server, await staffSession(db(), 'recon_stranger', ['finance_mg/cost_mg']));

      const batchId = await matchWechat(viewer);
      const { rows } = await rowsOfBatch(batchId);
      const open = rows.find((r) => r.result !== '一致')!;
      const denied = await viewer.post(reconResolveRoute.path, { row_id: open.id, resolution: '说明', note: '查看' });
      expect(denied.statusCode).toBe(403);
      const allowed = await resolver.post(reconResolveRoute.path, {
        row_id: open.id,
        resolution: '说明',
        note: '核实',
      });
      expect(allowed.json()).toMatchObject({ status: 200 });

      const r = (
        await matcher.post(bankReceiptResource.routes.save.path, {
          serial_no: 'BK-P1',
          payer: '权限测试单位',
          amount: '1.00',
          remitted_at: DAY,
        })
      ).json().data;
      expect((await matcher.post(bankAuditRoute.path, { id: r.id, version: r.version })).statusCode).toBe(403);

      for (const res of [
        await stranger.get(reconBatchResource.routes.list.path),
        await stranger.get(reconTemplateRoute.path, { channel: 'wechat' }),
        await stranger.get(bankReceiptResource.routes.list.path),
        await stranger.post(bankSplitSaveRoute.path, { id: r.id, version: r.version, splits: '[]' }),
        await matcher.get(reconRowsRoute.path, { id: batchId }),
        await viewer.get(bankReceiptResource.routes.list.path),
      ]) {
        expect(res.statusCode).toBe(403);
      }
    });
  });
});

/** GBK bytes of text: ASCII as is, each Chinese character looked up by decoding the GBK code space. */
function gbkEncode(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  const wanted = new Set([...text].filter((c) => c.charCodeAt(0) > 0x7f));
  for (let hi = 0x81; hi <= 0xfe && table.size < wanted.size; hi += 1) {
    for (let lo = 0x40; lo <= 0xfe; lo += 1) {
      const char = decoder.decode(new Uint8Array([hi, lo]));
      if (wanted.has(char) && !table.has(char)) table.set(char, [hi, lo]);
    }
  }
  return Buffer.from([...text].flatMap((c) => table.get(c) ?? [...Buffer.from(c, 'utf8')]));
}
