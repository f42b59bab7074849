import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  companyArchiveOptionsRoute,
  companyArchiveResource,
  contractAttachmentRoute,
  contractAttachmentsRoute,
  contractBookResource,
  contractGroupOrdersRoute,
  isValidCreditCode,
  myRemindersRoute,
  type Reminder,
  uploadContractAttachmentRoute,
} from '@checkup/api-contract';
import { addDays, todayCst } from '../src/db/demo/dates.js';
import { auditLog, companies, companyGroups, contracts, orders } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { addOrder, callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** A published example of a 统一社会信用代码 (GB 32100 check character Y... as printed on licences). */
const REAL_CODE = '91350100M000100Y43';
const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** A code for test company n: 17 characters completed by whichever check character the standard accepts. */
const codeFor = (n: number) => {
  const body = `9131000${String(n).padStart(10, '0')}`;
  return body + [...CHARS].find((c) => isValidCreditCode(body + c))!;
};

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('合同正文')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('扫描件')]);

/** A multipart body as a browser's FormData makes it. */
async function multipart(file: Buffer, name: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** 客户管理 — 单位档案 and 合同管理 (issue 22 §1–2). */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const keeper = async () =>
    callerFor(server, await staffSession(db(), `cmp_${Math.floor(Math.random() * 1e9)}`, ['crm/cmp_arch']));

  describeResource(server, companyArchiveResource, {
    valid: (n) => ({
      company_name: `测试单位${n}号`,
      credit_code: codeFor(n),
      contact_name: '王经理',
      contact_phone: '13812345678',
      address: '上海市浦东新区',
      industry_type: 'C',
      economy_type: '150',
      remark: '测试用',
    }),
    invalid: [
      { form: { company_name: '' }, message: '请填写单位名称' },
      {
        form: { company_name: '甲公司', credit_code: '91350100M000100Y44' },
        message: '统一社会信用代码应为18位，且校验位符合国家标准（GB 32100）',
      },
      {
        form: { company_name: '乙公司', credit_code: '9135' },
        message: '统一社会信用代码应为18位，且校验位符合国家标准（GB 32100）',
      },
    ],
    filterFor: (n) => ({ key: `测试单位${n}号` }),
    reference: async (database, id) => {
      await database.insert(contracts).values({
        companyId: id,
        contractNo: `HT-REF-${id}`,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        amount: '1.00',
      });
    },
  });

  describe('单位档案', () => {
    it('checks the credit code’s check character per GB 32100', () => {
      expect(isValidCreditCode(REAL_CODE)).toBe(true);
      expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
      expect(isValidCreditCode('91350100M000100I43')).toBe(false);
    });

    it('refuses a second company with the same name or the same credit code, in Chinese', async () => {
      const caller = await keeper();
      const first = await caller.post(companyArchiveResource.routes.save.path, {
        company_name: '重名检查公司',
        credit_code: codeFor(90001),
      });
      expect(first.json().status).toBe(200);
      const sameName = await caller.post(companyArchiveResource.routes.save.path, { company_name: '重名检查公司' });
      expect([sameName.statusCode, sameName.json().msg]).toEqual([400, '单位名称“重名检查公司”已存在']);
      const sameCode = await caller.post(companyArchiveResource.routes.save.path, {
        company_name: '另一家公司',
        credit_code: codeFor(90001).toLowerCase(),
      });
      expect([sameCode.statusCode, sameCode.json().msg]).toEqual([400, `统一社会信用代码“${codeFor(90001)}”已存在`]);
    });

    it('offers the 行业 and 经济类型 dictionaries and refuses a value outside them', async () => {
      const caller = await keeper();
      const options = (await caller.get(companyArchiveOptionsRoute.path)).json().data;
      expect(options.industry_types).toContainEqual({ value: 'C', label: '制造业' });
      expect(options.economy_types).toContainEqual({ value: '150', label: '有限责任公司' });
      expect(options.sales_users.length).toBeGreaterThan(0);
      const bad = await caller.post(companyArchiveResource.routes.save.path, {
        company_name: '字典检查公司',
        industry_type: 'ZZ',
      });
      expect([bad.statusCode, bad.json().msg]).toEqual([400, '所选行业类型不在字典中，请刷新后重选']);
    });

    it('seals the contact phone, answers it masked, and keeps it when a form leaves it blank', async () => {
      const caller = await keeper();
      const saved = await caller.post(companyArchiveResource.routes.save.path, {
        company_name: '电话检查公司',
        contact_phone: '13912345678',
      });
      const row = saved.json().data;
      expect(row.contact_phone).toBe('139****5678');
      const [stored] = await db().select().from(companies).where(eq(companies.id, row.id));
      expect(stored!.contactPhoneEnc).toBeTruthy();
      expect(stored!.contactPhoneEnc).not.toContain('13912345678');
      const edited = await caller.post(companyArchiveResource.routes.save.path, {
        id: row.id,
        version: row.version,
        company_name: '电话检查公司',
        address: '北京市',
      });
      expect(edited.json().data).toMatchObject({ contact_phone: '139****5678', address: '北京市' });
    });
  });

  const contractCompany = { id: 0 };
  beforeAll(async () => {
    const [row] = await db().insert(companies).values({ companyName: '合同测试单位' }).returning({ id: companies.id });
    contractCompany.id = row!.id;
  });
  const contractKeeper = async () =>
    callerFor(server, await staffSession(db(), `cntr_${Math.floor(Math.random() * 1e9)}`, ['crm/cntr_book']));

  describeResource(server, contractBookResource, {
    valid: (n) => ({
      contract_no: `HT-T${n}`,
      company_id: String(contractCompany.id),
      amount: '12345.6',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      status: 'signed',
      remark: '测试合同',
    }),
    invalid: [
      {
        form: {
          contract_no: 'HT-X1',
          company_id: '1',
          amount: '-5',
          valid_from: '2026-01-01',
          valid_to: '2026-12-31',
          status: 'signed',
        },
        message: '合同金额应为不小于0的金额，最多两位小数',
      },
      {
        form: {
          contract_no: 'HT-X2',
          company_id: '1',
          amount: '5',
          valid_from: '2026-13-01',
          valid_to: '2026-12-31',
          status: 'signed',
        },
        message: '开始日期不存在',
      },
      {
        form: {
          contract_no: 'HT-X3',
          company_id: '1',
          amount: '5',
          valid_from: '2026-01-01',
          valid_to: '2026-12-31',
          status: 'lost',
        },
        message: '请选择签订状态',
      },
      { form: { contract_no: '', company_id: '1', amount: '5' }, message: '请填写合同编号' },
    ],
    filterFor: (n) => ({ key: `HT-T${n}` }),
  });

  describe('合同管理', () => {
    const form = (extra: Record<string, unknown> = {}) => ({
      contract_no: `HT-${Math.floor(Math.random() * 1e9)}`,
      company_id: contractCompany.id,
      amount: '100000.05',
      valid_from: '2026-03-01',
      valid_to: '2026-09-30',
      status: 'signed',
      ...extra,
    });

    it('keeps the amount exactly (numeric in the database, two decimals answered)', async () => {
      const caller = await contractKeeper();
      const saved = await caller.post(contractBookResource.routes.save.path, form());
      expect(saved.json().data).toMatchObject({ amount: '100000.05', company_name: '合同测试单位' });
      const [stored] = await db().select().from(contracts).where(eq(contracts.id, saved.json().data.id));
      expect(stored!.amount).toBe('100000.05');
    });

    it('refuses a period whose start is after its end, and a company that does not exist', async () => {
      const caller = await contractKeeper();
      const reversed = await caller.post(
        contractBookResource.routes.save.path,
        form({ valid_from: '2026-10-01', valid_to: '2026-09-30' }),
      );
      expect([reversed.statusCode, reversed.json().msg]).toEqual([400, '合同开始日期不能晚于结束日期']);
      const sameDay = await caller.post(
        contractBookResource.routes.save.path,
        form({ valid_from: '2026-09-30', valid_to: '2026-09-30' }),
      );
      expect(sameDay.json().status).toBe(200);
      const missing = await caller.post(contractBookResource.routes.save.path, form({ company_id: 999_999 }));
      expect([missing.statusCode, missing.json().msg]).toEqual([400, '所选单位不存在或已被删除，请刷新后重选']);
    });

    it('lists the linked group visits, and refuses removing a contract while it has any', async () => {
      const caller = await contractKeeper();
      const contract = (await caller.post(contractBookResource.routes.save.path, form())).json().data;
      const [group] = await db()
        .insert(companyGroups)
        .values({ companyId: contractCompany.id, groupName: '男职工组' })
        .returning({ id: companyGroups.id });
      const inside = await addOrder(db(), { status: 'registered', examDate: '2026-05-10' });
      const outside = await addOrder(db(), { status: 'registered', examDate: '2026-11-10' });
      for (const orderId of [inside, outside]) {
        await db()
          .update(orders)
          .set({ companyId: contractCompany.id, groupId: group!.id })
          .where(eq(orders.orderId, orderId));
      }
      const linked = await caller.get(contractGroupOrdersRoute.path, { id: contract.id });
      expect(linked.json().data).toEqual([
        { order_id: inside, exam_date: '2026-05-10', group_name: '男职工组', status: 'registered' },
      ]);
      const removal = await caller.post(contractBookResource.routes.remove.path, { id: contract.id });
      expect([removal.statusCode, removal.json().msg]).toEqual([
        400,
        '该合同已有关联的团检订单，不能删除（可将签订状态改为已关闭）',
      ]);
      expect(await db().select().from(contracts).where(eq(contracts.id, contract.id))).toHaveLength(1);
    });

    it('reminds of a signed contract about to expire until it is disabled (作废)', async () => {
      const caller = await contractKeeper();
      const expiring = async () =>
        Number(
          ((await caller.get(myRemindersRoute.path)).json().data.list as Reminder[])
            .find((r) => r.kind === 'contract_expiry')
            ?.title.match(/^\d+/)?.[0] ?? 0,
        );
      const before = await expiring();
      const today = todayCst();
      const contract = (
        await caller.post(
          contractBookResource.routes.save.path,
          form({ valid_from: addDays(today, -30), valid_to: addDays(today, 10) }),
        )
      ).json().data;
      expect(await expiring()).toBe(before + 1);
      const disabled = await caller.post(contractBookResource.routes.enable.path, { id: contract.id, enabled: '0' });
      expect(disabled.json().status).toBe(200);
      expect(await expiring()).toBe(before);
    });

    it('takes a PDF or image attachment, lists and downloads it, and refuses another type', async () => {
      const caller = await contractKeeper();
      const contract = (await caller.post(contractBookResource.routes.save.path, form())).json().data;
      const upload = async (file: Buffer, name: string, type: string) => {
        const body = await multipart(file, name, type);
        return server.app.inject({
          method: 'POST',
          url: `${uploadContractAttachmentRoute.path}?id=${contract.id}`,
          payload: body.payload,
          headers: { 'content-type': body.type, 'x-checkup-token': caller.token },
        });
      };
      const pdf = await upload(PDF, '合同.pdf', 'application/pdf');
      expect(pdf.json().status).toBe(200);
      expect((await upload(PNG, '盖章页.png', 'image/png')).json().status).toBe(200);
      // A text file named like a PDF is refused by its own bytes.
      const fake = await upload(Buffer.from('not a pdf at all'), '伪装.pdf', 'application/pdf');
      expect([fake.statusCode, fake.json().msg]).toEqual([400, '只能上传PDF 文件或 JPG、PNG 图片']);

      const list = (await caller.get(contractAttachmentsRoute.path, { id: contract.id })).json().data;
      expect(list.map((f: { file_name: string; content_type: string }) => [f.file_name, f.content_type])).toEqual([
        ['合同.pdf', 'application/pdf'],
        ['盖章页.png', 'image/png'],
      ]);
      const download = await caller.get(contractAttachmentRoute.path, { file_id: pdf.json().data.file_id });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      expect(download.headers['content-disposition']).toContain('attachment');
      const audits = await db()
        .select({ target: auditLog.target })
        .from(auditLog)
        .where(eq(auditLog.action, 'contract_attachment_upload'));
      expect(audits.filter((a) => a.target === `contract:${contract.contract_no}`)).toHaveLength(2);
    });
  });
});
