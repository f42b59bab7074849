import { maskIdNumber, maskName } from '@checkup/api-contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReportPdf } from '../src/modules/report/report-pdf.js';
import { reportTicket } from '../src/modules/report/report-ticket.js';
import { guideSheetTicket } from '../src/modules/registration/guide-sheet-ticket.js';
import { testPersonalData, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { addReviewedOrder } from './report-fixture.js';
import { readPdf } from './support/pdf.js';

const ID_CARD = '110101198005060014';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let staff: ReturnType<typeof callerFor>;
  let chief: ReturnType<typeof callerFor>;
  let ready: string;
  let confidential: string;
  let unreviewed: string;

  beforeAll(async () => {
    await addStaff(db(), 'rp_staff', '报告员甲');
    await addStaff(db(), 'rp_chief', '主检乙', '1');
    staff = callerFor(server, await tokenFor(server, 'rp_staff'));
    chief = callerFor(server, await tokenFor(server, 'rp_chief'));
    ready = await addReviewedOrder(db(), { status: 'final_trial', name: '钱报告', idCard: ID_CARD });
    confidential = await addReviewedOrder(db(), { status: 'final_trial', name: '保密人员', confidential: true });
    unreviewed = await addReviewedOrder(db(), { status: 'main_trial', name: '未终审' });
  });

  describe('exam report PDF', () => {
    it('answers an A4 report of several pages with the examinee, results, diagnoses, conclusion and signatures', async () => {
      const res = await staff.get('/manager/api/report/report_pdf', { order_id: ready });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`report-${ready}.pdf`);
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      const { text, pages } = await readPdf(pdf);
      expect(pages).toBeGreaterThan(1);
      for (const words of [
        '健康体检报告',
        '钱报告',
        ready,
        maskIdNumber(ID_CARD),
        '总检结论',
        '1. 高脂血症',
        '低脂饮食，规律作息，半年后复查。',
        '高脂血症',
        '控制饮食，适量运动',
        '脂肪肝',
        '血常规',
        '内科',
        '↑',
        '小结',
        '初审医生：周文博',
        '终审医生：吴静',
        '第 1 页',
      ]) {
        expect(text).toContain(words);
      }
      expect(text).not.toContain(ID_CARD);
    }, 60_000);

    it('masks a confidential examinee’s name for a user allowed to see them, and refuses everyone else', async () => {
      const refused = await staff.get('/manager/api/report/report_pdf', { order_id: confidential });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('当前账号没有查看保密人员的权限！');

      const allowed = await chief.get('/manager/api/report/report_pdf', { order_id: confidential });
      expect(allowed.statusCode).toBe(200);
      const { text } = await readPdf(allowed.rawPayload);
      expect(text).toContain(maskName('保密人员'));
      expect(text).not.toContain('保密人员');
    }, 60_000);

    it('refuses a visit whose final review has not passed, saying so in Chinese', async () => {
      const res = await staff.get('/manager/api/report/report_pdf', { order_id: unreviewed });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该体检尚未终审通过，不能打印报告（当前状态：已主审）');
      await expect(renderReportPdf(db(), testPersonalData, unreviewed)).rejects.toThrow('该体检尚未终审通过');
    });

    it('lets the local print service fetch the report by a ticket, and refuses a forged, expired or guide-sheet one', async () => {
      const issued = await staff.post('/manager/api/report/report_ticket', { order_id: ready });
      const ticket = issued.json().data.ticket as string;
      const file = (t: string) =>
        server.app.inject({ method: 'GET', url: `/manager/api/report/report_file?ticket=${encodeURIComponent(t)}` });

      const fetched = await file(ticket);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const refusals = [
        ticket.replace(ready, unreviewed),
        reportTicket.issue(server.apiKeys.sign, ready, Date.now() - 10 * 60_000).ticket,
        guideSheetTicket.issue(server.apiKeys.sign, ready).ticket,
      ];
      for (const bad of refusals) {
        const res = await file(bad);
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe('打印凭据无效或已过期，请重新打印');
      }
    }, 60_000);

    it('refuses a ticket for a confidential examinee to a user who may not see them', async () => {
      const res = await staff.post('/manager/api/report/report_ticket', { order_id: confidential });
      expect(res.statusCode).toBe(403);
    });
  });
});
