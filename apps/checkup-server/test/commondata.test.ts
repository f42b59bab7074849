import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, dataByCodeRoute, globalConfigRoute } from '@checkup/api-contract';
import { parameters } from '../src/db/schema.js';
import { PARAM } from '../src/modules/parameters/codes.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor, tokenFor } from './support/domain.js';

const DATA_BY_CODE = '/manager/api/commondata/get_data_by_code';
const CONFIG = '/manager/api/commondata/get_config';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  let admin: ReturnType<typeof callerFor>;
  const setParameter = (code: string, value: unknown) =>
    server.database.db.update(parameters).set({ paramValue: value }).where(eq(parameters.paramCode, code));

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', 'Checkup@2026'));
  });

  describe('get_data_by_code', () => {
    const dictionary = async (code: string) => {
      const res = await admin.get(DATA_BY_CODE, { code });
      expect(res.json()).toMatchObject({ status: 200 });
      return dataByCodeRoute.output.parse(res.json().data);
    };

    it('answers the sex codes of spec §3', async () => {
      expect(await dictionary('sex')).toEqual([
        { code: '1', name: '男' },
        { code: '2', name: '女' },
      ]);
    });

    it('answers the order statuses with the labels of the status machine', async () => {
      const list = await dictionary('order_status');
      expect(list).toEqual(Object.entries(ORDER_STATUS_LABELS).map(([code, name]) => ({ code, name })));
    });

    it('answers the 56 ethnic groups in GB/T 3304 order and the two codes for the others', async () => {
      const list = await dictionary('nation');
      expect(list).toHaveLength(58);
      expect(list[0]).toEqual({ code: '01', name: '汉族' });
      expect(list[55]).toEqual({ code: '56', name: '基诺族' });
      expect(list.slice(56).map((n) => n.code)).toEqual(['97', '98']);
    });

    it.each(['exam_type', 'pay_method', 'marriage'])('answers the %s dictionary', async (code) => {
      const list = await dictionary(code);
      expect(list.length).toBeGreaterThan(1);
      expect(new Set(list.map((entry) => entry.code)).size).toBe(list.length);
    });

    it.each([
      [{}, '请传递字典编码'],
      [{ code: 'password' }, '字典编码不正确'],
    ])('refuses %j with %s', async (query, msg) => {
      expect((await admin.get(DATA_BY_CODE, query)).json()).toEqual({ status: 400, data: null, msg });
    });
  });

  describe('get_config', () => {
    const config = async () => {
      const res = await admin.get(CONFIG);
      expect(res.json()).toMatchObject({ status: 200 });
      return { data: globalConfigRoute.output.parse(res.json().data), body: res.body };
    };

    it('answers the hospital name with every identity field not set as null, and the spec §9 defaults', async () => {
      const { data } = await config();
      expect(data.hospital).toEqual({
        name: '示范医院体检中心',
        logo: null,
        address: null,
        phones: null,
        postcode: null,
        email: null,
        path_planning: null,
      });
      expect(data.print_template).toMatchObject({
        barcode_format: 'CODE128',
        barcode_width_cm: 5,
        barcode_height_cm: 3,
      });
      expect(data.review).toEqual({ ai_review: false, show_contagion: false, cut_tab: 6, occu_step: 1 });
      expect(data.dept_diag).toEqual({ lis_summary: true, limit_add_edit_diag: true });
      expect(data.crm).toEqual({});
    });

    it('reads the identity from parameter 0810 and the review switches from 0030', async () => {
      await setParameter(PARAM.COMPANY, {
        companyCfg: {
          name: '滨江体检中心',
          systemColorStyle: 'blue',
          logo: '/static/logo.png',
          address: '滨江路1号',
          phone: '0571-88888888',
          postcode: '310000',
          email: '',
        },
      });
      await setParameter(PARAM.AI_REVIEW, { ai_review: { enable: true }, show_contagion: true });

      const { data } = await config();

      expect(data.hospital).toEqual({
        name: '滨江体检中心',
        logo: '/static/logo.png',
        address: '滨江路1号',
        phones: '0571-88888888',
        postcode: '310000',
        email: null,
        path_planning: null,
      });
      expect(data.review).toMatchObject({ ai_review: true, show_contagion: true });
    });

    it('still answers when 0810 holds no companyCfg', async () => {
      await setParameter(PARAM.COMPANY, { unexpected: 1 });
      expect((await config()).data.hospital.name).toBeNull();
    });

    it('never carries the call security settings of parameter 0002', async () => {
      expect((await config()).body).not.toMatch(/api_encrypt_fields|api_signature|is_record_fill_in_password/);
    });

    it('is closed to callers without a session', async () => {
      expect((await server.app.inject({ method: 'GET', url: CONFIG })).statusCode).toBe(401);
      expect((await server.app.inject({ method: 'GET', url: `${DATA_BY_CODE}?code=sex` })).statusCode).toBe(401);
    });
  });
});
