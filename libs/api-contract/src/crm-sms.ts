import { z } from 'zod';
import { dateField, idField, optionalChoiceField, searchKeyField } from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { withDayRange } from './resource/day-range.js';
import { defineResource } from './resource/define-resource.js';
import { refField } from './resource/form-fields.js';
import { route } from './route.js';
import { isValidMobile } from './validators.js';

/*
 * 短信管理 (crm/text_message, issue 22): an SMS from a 消息通知 template (msg_templates, channel 短信) to
 * visits chosen by 体检号 or by filter, or to typed numbers; each message its own job, sent through the
 * pluggable report transport (logging only by default), now or at a set time; the send log.
 */
export const SMS_SCREEN = 'crm/text_message';
/** The button permission of 发送 (route table actions). */
export const SMS_SEND_ACCESS = 'crm/text_message:send';

export const SMS_STATES = ['waiting', 'sent', 'failed', 'cancelled'] as const;
export type SmsState = (typeof SMS_STATES)[number];
export const SMS_STATE_LABELS: Record<SmsState, string> = {
  waiting: '待发送',
  sent: '已发送',
  failed: '发送失败',
  cancelled: '已取消',
};

/** At most this many messages in one send. */
export const SMS_BATCH_MAX = 2000;

export const SMS_RECIPIENT_MODES = ['orders', 'filter', 'phones'] as const;
export type SmsRecipientMode = (typeof SMS_RECIPIENT_MODES)[number];
export const SMS_RECIPIENT_MODE_LABELS: Record<SmsRecipientMode, string> = {
  orders: '按体检号',
  filter: '按条件筛选',
  phones: '输入手机号',
};

const LIST_SEPARATOR = /[\s,，、;；]+/;
const listOf = (text: string | undefined) => (text ?? '').split(LIST_SEPARATOR).filter((v) => v !== '');

const optionalDate = dateField.optional().or(z.literal('').transform(() => undefined));
const optionalId = (label: string) =>
  z
    .union([z.literal(''), idField(label)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : Number(v)));

/** Who an SMS goes to: the visits of a 体检号 list or of a filter, or typed mobile numbers. */
export const smsRecipientsSchema = z
  .object({
    mode: z.enum(SMS_RECIPIENT_MODES, { error: '请选择收信人方式' }),
    /** 体检号, one per line (or separated by commas). */
    order_ids: z.string().max(60_000, '体检号太多').optional(),
    /** Mobile numbers, one per line (or separated by commas). */
    phones: z.string().max(30_000, '手机号太多').optional(),
    date_from: optionalDate,
    date_to: optionalDate,
    company_id: optionalId('单位'),
    group_id: optionalId('分组'),
    status: optionalChoiceField(ORDER_STATUSES, '体检状态不正确'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'orders' && listOf(v.order_ids).length === 0)
      ctx.addIssue({ code: 'custom', message: '请填写收信人的体检号', path: ['order_ids'] });
    if (v.mode === 'phones') {
      const phones = listOf(v.phones);
      if (phones.length === 0) ctx.addIssue({ code: 'custom', message: '请填写收信人的手机号', path: ['phones'] });
      const bad = phones.find((p) => !isValidMobile(p));
      if (bad !== undefined)
        ctx.addIssue({ code: 'custom', message: `第${phones.indexOf(bad) + 1}个号码不是手机号`, path: ['phones'] });
    }
    if (v.mode === 'filter' && !v.date_from && !v.date_to && v.company_id === undefined)
      ctx.addIssue({ code: 'custom', message: '请至少选择体检日期或单位', path: ['date_from'] });
    if (v.date_from && v.date_to && v.date_from > v.date_to)
      ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['date_to'] });
  })
  .transform((v) => ({ ...v, order_ids: listOf(v.order_ids), phones: listOf(v.phones) }));
export type SmsRecipients = z.output<typeof smsRecipientsSchema>;

const sendInput = z.object({
  template_id: refField('短信模板'),
  recipients: z
    .string({ error: '请选择收信人' })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '收信人格式不正确' });
        return z.NEVER;
      }
    })
    .pipe(smsRecipientsSchema),
});

/** 预览 POST /manager/api/crm/sms/preview: how many would get it, and the first message. */
export const smsPreviewRoute = route({
  method: 'POST',
  path: '/manager/api/crm/sms/preview',
  summary: '短信预览：收信人数与第一条短信内容',
  access: [SMS_SCREEN],
  input: sendInput,
  output: z.object({
    count: z.number().int(),
    /** Recipients with no mobile on record, left out. */
    skipped: z.number().int(),
    first: z.object({ recipient: z.string(), phone: z.string(), content: z.string() }).nullable(),
  }),
});

const sendAtField = z
  .string({ error: '发送时间格式不正确' })
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), '发送时间格式不正确');

/** 立即发送 / 定时发送 POST /manager/api/crm/sms/send */
export const smsSendRoute = route({
  method: 'POST',
  path: '/manager/api/crm/sms/send',
  summary: '发送短信（立即或定时），每条短信一个后台任务',
  access: [SMS_SEND_ACCESS],
  input: sendInput.extend({ send_at: sendAtField }),
  output: z.object({ batch_no: z.string(), count: z.number().int(), skipped: z.number().int() }),
});

/** 取消发送 POST /manager/api/crm/sms/cancel */
export const smsCancelRoute = route({
  method: 'POST',
  path: '/manager/api/crm/sms/cancel',
  summary: '取消尚未发送的定时短信',
  access: [SMS_SEND_ACCESS],
  input: z.object({ id: idField('短信') }),
  output: z.object({ id: z.number().int(), state: z.enum(SMS_STATES) }),
});

/** The templates the screen offers: 消息通知's active ones that go by SMS. */
export const smsTemplatesRoute = route({
  method: 'GET',
  path: '/manager/api/crm/sms/templates',
  summary: '可用于短信的消息模板',
  // 团检登记名单's 检前短信 (issue 22) chooses its template here too.
  access: [SMS_SCREEN, 'crm/group_register_list'],
  input: z.object({}),
  output: z.object({
    list: z.array(z.object({ id: z.number().int(), template_name: z.string(), content: z.string() })),
  }),
});

/** 发送记录: phone and name masked; written by the send, never by a form. */
export const smsMessageResource = defineResource({
  name: 'sms_message',
  title: '短信发送记录',
  base: '/manager/api/crm/sms/log',
  screens: [SMS_SCREEN],
  kept: false,
  row: z.object({
    batch_no: z.string(),
    order_id: z.string().nullable(),
    recipient_name: z.string().nullable(),
    /** Masked. */
    phone: z.string(),
    template_name: z.string(),
    content: z.string(),
    state: z.enum(SMS_STATES),
    scheduled_at: z.string(),
    finished_at: z.string().nullable(),
    detail: z.string().nullable(),
    operator_name: z.string(),
    created_at: z.string(),
  }),
  form: z.object({}),
  filter: withDayRange({
    /** 体检号, template name or words of the content. */
    key: searchKeyField(),
    state: optionalChoiceField(SMS_STATES, '发送状态不正确'),
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'created_at', title: '提交时间' },
    { key: 'scheduled_at', title: '发送时间' },
    { key: 'order_id', title: '体检号' },
    { key: 'recipient_name', title: '姓名' },
    { key: 'phone', title: '手机号' },
    { key: 'template_name', title: '模板' },
    { key: 'content', title: '短信内容' },
    { key: 'state', title: '状态', labels: SMS_STATE_LABELS },
    { key: 'detail', title: '结果' },
    { key: 'operator_name', title: '发送人' },
  ],
});

export const CRM_SMS_ROUTES = [smsPreviewRoute, smsSendRoute, smsCancelRoute, smsTemplatesRoute] as const;
