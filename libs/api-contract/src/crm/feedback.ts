import { z } from 'zod';
import { idField, optionalPhoneField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { withDayRange } from '../resource/day-range.js';
import { choiceField, noteField } from '../resource/form-fields.js';
import { route } from '../route.js';

export const FEEDBACK_CHANNELS = ['现场', '电话', '问卷', '网络'] as const;
export const FEEDBACK_CATEGORIES = ['服务', '环境', '流程', '报告', '其他'] as const;
/** 待处理 → 处理中 → 已处理, or 不予处理 (with a reason) from either of the first two. */
export const FEEDBACK_STATES = ['待处理', '处理中', '已处理', '不予处理'] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
/** The states a feedback may move to from each state; the last two are final. */
export const FEEDBACK_NEXT: Readonly<Record<FeedbackState, readonly FeedbackState[]>> = {
  待处理: ['处理中', '已处理', '不予处理'],
  处理中: ['已处理', '不予处理'],
  已处理: [],
  不予处理: [],
};

const optionalOrderId = z
  .string({ error: '体检号格式不正确' })
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || /^[0-9A-Za-z]{6,20}$/.test(v), '体检号格式不正确');

/**
 * 意见反馈 (crm/advise_feedback, breadth §1.5): an examinee's feedback — the visit it concerns (optional,
 * the name shown masked), how it came, what about, and a contact phone (masked in lists) — and how it
 * was handled (see feedbackHandleRoute).
 */
export const feedbackResource = defineResource({
  name: 'feedback',
  title: '意见反馈',
  base: '/manager/api/crm/feedback',
  screens: ['crm/advise_feedback'],
  row: z.object({
    order_id: z.string().nullable(),
    /** The examinee's name, masked. */
    cust_name: z.string().nullable(),
    channel: z.string(),
    category: z.string(),
    content: z.string(),
    /** Masked. */
    contact_phone: z.string().nullable(),
    state: z.enum(FEEDBACK_STATES),
    handle_note: z.string().nullable(),
    handled_by_name: z.string().nullable(),
    handled_at: z.string().nullable(),
    created_at: z.string(),
  }),
  form: z.object({
    order_id: optionalOrderId,
    channel: choiceField(FEEDBACK_CHANNELS, '反馈渠道'),
    category: choiceField(FEEDBACK_CATEGORIES, '反馈类别'),
    content: z
      .string({ error: '请填写反馈内容' })
      .trim()
      .min(1, '请填写反馈内容')
      .max(1000, '反馈内容不能超过1000个字符'),
    contact_phone: optionalPhoneField,
  }),
  filter: withDayRange({
    key: searchKeyField(),
    state: z.enum(FEEDBACK_STATES, { error: '处理状态不正确' }).optional(),
    category: z.enum(FEEDBACK_CATEGORIES, { error: '反馈类别不正确' }).optional(),
  }),
  actions: ['list', 'detail', 'save', 'export'],
  excel: [
    { key: 'created_at', title: '反馈时间' },
    { key: 'order_id', title: '体检号' },
    { key: 'cust_name', title: '姓名' },
    { key: 'channel', title: '反馈渠道' },
    { key: 'category', title: '反馈类别' },
    { key: 'content', title: '反馈内容' },
    { key: 'contact_phone', title: '联系电话' },
    { key: 'state', title: '处理状态' },
    { key: 'handle_note', title: '处理说明' },
    { key: 'handled_by_name', title: '处理人' },
    { key: 'handled_at', title: '处理时间' },
  ],
});

/** 处理意见反馈 POST /manager/api/crm/feedback/handle: 不予处理 needs its reason; a final one is refused. */
export const feedbackHandleRoute = route({
  method: 'POST',
  path: '/manager/api/crm/feedback/handle',
  summary: '处理意见反馈（处理中、已处理或不予处理）',
  access: feedbackResource.spec.screens,
  input: z
    .object({
      id: idField('意见反馈'),
      state: z.enum(['处理中', '已处理', '不予处理'], { error: '处理状态不正确' }),
      note: noteField('处理说明', 500),
    })
    .refine((v) => v.state !== '不予处理' || v.note, { message: '请填写不予处理的原因', path: ['note'] }),
  output: z.object({ id: z.number().int(), state: z.enum(FEEDBACK_STATES) }),
});

export const FEEDBACK_ROUTES = [feedbackHandleRoute] as const;
