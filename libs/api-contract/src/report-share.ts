import { z } from 'zod';
import { orderIdField } from './field-schemas.js';
import { route } from './route.js';

/**
 * Electronic report sharing (issue 20): staff make a link with an extraction code (提取码) for one
 * final-reviewed report; the examinee opens it on the gateway's public (kiosk) listener, types the
 * code and downloads the PDF. The server keeps only hashes of the link token and of the code.
 */

/** How long a link stays open; 0 is until revoked. */
export const SHARE_VALID_DAYS = [1, 3, 7, 14, 30, 0] as const;
export type ShareValidDays = (typeof SHARE_VALID_DAYS)[number];
export const SHARE_VALID_DAYS_LABELS: Record<ShareValidDays, string> = {
  1: '1天',
  3: '3天',
  7: '7天',
  14: '14天',
  30: '30天',
  0: '长期有效（直到撤销）',
};

/** The code's characters: no 0/O, 1/I/L look-alikes, so it can be read out over the phone. */
export const SHARE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHARE_CODE_LENGTH = 6;
/** Wrong codes in a row that lock a link … */
export const SHARE_MAX_WRONG_CODES = 5;
/** … for this long. */
export const SHARE_LOCK_MINUTES = 30;

/** The examinee's address of a link on the public listener (the web app's hash route). */
export const shareLinkPath = (token: string) => `/#/report_share?t=${token}`;

export const SHARE_STATES = ['active', 'expired', 'revoked', 'locked'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const SHARE_STATE_LABELS: Record<ShareState, string> = {
  active: '有效',
  expired: '已过期',
  revoked: '已撤销',
  locked: '已锁定',
};

/** Chinese messages the examinee sees (shown on the public page as the server says them). */
export const SHARE_MESSAGES = {
  notFound: '分享链接不存在，请向体检中心索取新的链接',
  expired: '分享链接已过期，请向体检中心索取新的链接',
  revoked: '分享链接已被撤销，请向体检中心索取新的链接',
  locked: `提取码错误次数过多，链接已锁定${SHARE_LOCK_MINUTES}分钟，请稍后再试或联系体检中心`,
  wrongCode: (left: number) => `提取码不正确，还可尝试${left}次`,
  unavailable: '该体检报告暂不能查看，请联系体检中心',
  ticket: '查看凭据已过期，请重新输入提取码',
} as const;

const shareIdField = z.coerce.number({ error: '请选择分享链接' }).int('请选择分享链接').positive('请选择分享链接');

const tokenField = z
  .string({ error: '分享链接不完整，请重新打开链接' })
  .regex(/^[0-9A-Za-z_-]{20,64}$/, '分享链接不完整，请重新打开链接');

export const reportShareRowSchema = z.object({
  share_id: z.number().int(),
  order_id: z.string(),
  state: z.enum(SHARE_STATES),
  /** 0: until revoked. */
  valid_days: z.number().int(),
  expires_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  revoked_by: z.string().nullable(),
  revoked_at: z.string().nullable(),
  wrong_codes: z.number().int(),
  open_count: z.number().int(),
  last_opened_at: z.string().nullable(),
  last_opened_ip: z.string().nullable(),
});
export type ReportShareRow = z.infer<typeof reportShareRowSchema>;

/** 创建报告分享 POST /manager/api/report_share/create */
export const reportShareCreateRoute = route({
  method: 'POST',
  path: '/manager/api/report_share/create',
  summary: '创建电子报告分享链接（答复链接和提取码，只显示这一次）',
  access: ['exam_mg/send_rpt'],
  input: z.object({
    order_id: orderIdField,
    valid_days: z.coerce
      .number({ error: '请选择有效期' })
      .refine((v): v is ShareValidDays => (SHARE_VALID_DAYS as readonly number[]).includes(v), '请选择有效期'),
  }),
  output: z.object({
    share: reportShareRowSchema,
    /** The link's secret part and its code: stored only as hashes, so shown only now. */
    token: z.string(),
    code: z.string(),
    path: z.string(),
  }),
});

/** 报告分享列表 GET /manager/api/report_share/list */
export const reportShareListRoute = route({
  method: 'GET',
  path: '/manager/api/report_share/list',
  summary: '一次体检的电子报告分享链接',
  access: ['exam_mg/send_rpt'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ list: z.array(reportShareRowSchema) }),
});

/** 撤销报告分享 POST /manager/api/report_share/revoke */
export const reportShareRevokeRoute = route({
  method: 'POST',
  path: '/manager/api/report_share/revoke',
  summary: '撤销电子报告分享链接',
  access: ['exam_mg/send_rpt'],
  input: z.object({ share_id: shareIdField }),
  output: reportShareRowSchema,
});

/** 打开报告分享 POST /manager/api/report_share/open — public listener only. */
export const reportShareOpenRoute = route({
  method: 'POST',
  path: '/manager/api/report_share/open',
  summary: '电子报告分享：输入提取码打开（答复限时的查看凭据）',
  access: 'public',
  input: z.object({
    token: tokenField,
    code: z
      .string({ error: '请输入提取码' })
      .trim()
      .min(1, '请输入提取码')
      .max(12, '提取码不正确')
      .transform((v) => v.toUpperCase()),
  }),
  output: z.object({
    ticket: z.string(),
    expires_at: z.string(),
    /** Masked: 张*三 */
    cust_name: z.string(),
    order_id: z.string(),
    exam_date: z.string(),
    package_name: z.string().nullable(),
    /** Until when the link itself is open; null until revoked. */
    link_expires_at: z.string().nullable(),
  }),
});

/** 分享报告PDF GET /manager/api/report_share/pdf — public listener only. */
export const reportSharePdfRoute = route({
  method: 'GET',
  path: '/manager/api/report_share/pdf',
  summary: '电子报告分享：下载体检报告PDF（凭查看凭据）',
  access: 'public',
  input: z.object({
    ticket: z.string({ error: SHARE_MESSAGES.ticket }).regex(/^[0-9A-Za-z._-]{10,200}$/, SHARE_MESSAGES.ticket),
  }),
  output: z.unknown(),
});
