import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unions } from '../src/db/schema.js';
import { guideSheetTicket } from '../src/modules/registration/guide-sheet-ticket.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { readPdf } from './support/pdf.js';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let clerk: ReturnType<typeof callerFor>;
  let orderId: string;

  beforeAll(async () => {
    await addStaff(db(), 'gs_clerk', '登记员丙');
    clerk = callerFor(server, await tokenFor(server, 'gs_clerk'));
    const codes = await db().select({ id: unions.id }).from(unions).where(eq(unions.unionCode, 'XCG'));
    const ncg = await db().select({ id: unions.id }).from(unions).where(eq(unions.unionCode, 'NCG'));
    const saved = await clerk.post('/manager/api/order/save', {
      cust_name: '孙导检',
      sex: '2',
      birthday: '1992-02-02',
      exam_type: 'health',
      exam_date: '2026-12-02',
      union_ids: JSON.stringify([codes[0]!.id, ncg[0]!.id]),
    });
    orderId = saved.json().data.order_id;
  });

  describe('guide sheet', () => {
    it('answers an A4 PDF named for the order, with the examinee, the departments and the items', async () => {
      const res = await clerk.get('/manager/api/order/guide_sheet', { order_id: orderId });

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="guide-sheet-${orderId}.pdf"; filename*=UTF-8''${encodeURIComponent(`体检导引单-${orderId}.pdf`)}`,
      );
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      const { text, pages } = await readPdf(pdf);
      expect(pages).toBe(1);
      for (const words of ['体检导引单', '孙导检', orderId, '检验科', '血常规', '尿常规', '确认体检', '医生签名']) {
        expect(text).toContain(words);
      }
      // One 5 cm × 3 cm label per specimen (spec §9).
      expect(text).toContain('孙导检 血液');
      expect(text).toContain('孙导检 尿液');
    }, 30_000);

    it('refuses an unknown order with the envelope', async () => {
      const res = await clerk.get('/manager/api/order/guide_sheet', { order_id: '20991231000001' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('记录不存在或已被删除');
    });

    it('lets the local print service fetch the sheet with a ticket, and refuses a forged or expired one', async () => {
      const issued = await clerk.post('/manager/api/order/guide_sheet_ticket', { order_id: orderId });
      const ticket = issued.json().data.ticket as string;

      const fetched = await server.app.inject({
        method: 'GET',
        url: `/manager/api/order/guide_sheet_file?ticket=${encodeURIComponent(ticket)}`,
      });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const forged = ticket.replace(orderId, '20261202999999');
      const refused = await server.app.inject({
        method: 'GET',
        url: `/manager/api/order/guide_sheet_file?ticket=${forged}`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe('打印凭据无效或已过期，请重新打印');

      const old = guideSheetTicket.issue(server.apiKeys.sign, orderId, Date.now() - 10 * 60_000).ticket;
      const expired = await server.app.inject({
        method: 'GET',
        url: `/manager/api/order/guide_sheet_file?ticket=${old}`,
      });
      expect(expired.statusCode).toBe(403);
    }, 30_000);
  });
});
