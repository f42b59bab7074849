import { z } from 'zod';
import { orderIdField } from './field-schemas.js';
import { route } from './route.js';
import { ID_NUMBER_ERROR, isValidIdNumber } from './validators.js';

/**
 * The self-print kiosk (spec §2 /self_print, issue 8 §3): nobody logs in, so finding the examinee by
 * the ID card answers a short-lived kiosk ticket, signed by the server and bound to that examinee;
 * the other calls require it, so nobody lists another person's reports by guessing ids.
 */

/** The statuses of a visit whose final review passed: the kiosk prints only these reports. */
export const KIOSK_PRINTABLE_STATUSES = ['final_trial', 'report_printed', 'report_sent'] as const;

const ticketField = z
  .string({ error: '请先刷身份证' })
  .regex(/^[0-9A-Za-z._-]{10,200}$/, '自助打印凭据无效或已过期，请重新刷身份证');

/** 自助打印查找体检者 POST /manager/api/selfprint/find_examinee */
export const selfPrintFindExamineeRoute = route({
  method: 'POST',
  path: '/manager/api/selfprint/find_examinee',
  summary: '自助打印：按身份证号查找体检者（答复限时的自助打印凭据）',
  access: 'public',
  input: z.object({
    cust_id_card: z
      .string({ error: '请刷身份证' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isValidIdNumber, ID_NUMBER_ERROR),
  }),
  output: z.object({
    ticket: z.string(),
    expires_at: z.string(),
    /** Masked: 张*三 */
    cust_name: z.string(),
    sex: z.enum(['1', '2']),
    age: z.number().int(),
    /** Masked: 110101********1234 */
    cust_id_card: z.string(),
  }),
});

export const selfPrintReportSchema = z.object({
  order_id: z.string(),
  exam_date: z.string(),
  package_name: z.string().nullable(),
  status: z.enum(KIOSK_PRINTABLE_STATUSES),
  /** Prints so far, by staff or at the kiosk. */
  print_count: z.number().int(),
});
export type SelfPrintReport = z.infer<typeof selfPrintReportSchema>;

/** 自助打印报告列表 GET /manager/api/selfprint/report_list */
export const selfPrintReportListRoute = route({
  method: 'GET',
  path: '/manager/api/selfprint/report_list',
  summary: '自助打印：本人已终审的体检报告',
  access: 'public',
  input: z.object({ ticket: ticketField }),
  output: z.object({ list: z.array(selfPrintReportSchema) }),
});

/**
 * 自助打印报告PDF GET /manager/api/selfprint/report_pdf — answers application/pdf (an envelope only
 * when refused); the local print service fetches it by this address.
 */
export const selfPrintReportPdfRoute = route({
  method: 'GET',
  path: '/manager/api/selfprint/report_pdf',
  summary: '自助打印：报告PDF（凭自助打印凭据）',
  access: 'public',
  input: z.object({ ticket: ticketField, order_id: orderIdField }),
  output: z.unknown(),
});

/** 自助打印登记打印 POST /manager/api/selfprint/mark_printed */
export const selfPrintMarkPrintedRoute = route({
  method: 'POST',
  path: '/manager/api/selfprint/mark_printed',
  summary: '自助打印：登记已打印（首次打印时报告状态改为报告已打印）',
  access: 'public',
  input: z.object({ ticket: ticketField, order_id: orderIdField }),
  output: z.object({ order_id: z.string(), status: z.enum(KIOSK_PRINTABLE_STATUSES), print_count: z.number().int() }),
});
