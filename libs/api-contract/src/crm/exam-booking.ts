import { z } from 'zod';
import { dateField, idField, optionalChoiceField, optionalIdField, searchKeyField } from '../field-schemas.js';
import { defineResource } from '../resource/define-resource.js';
import { withDayRange } from '../resource/day-range.js';
import { choiceField, intField, noteField, optionalTextField, textField } from '../resource/form-fields.js';
import { route } from '../route.js';
import { isValidIdNumber, isValidPhone, PHONE_ERROR } from '../validators.js';
import { OVER_CAPACITY_ACCESS, SLOT_TYPES } from './exam-schedule.js';

/** 预约状态 (breadth §2.6 ReservationStatus, and 取消). */
export const BOOKING_STATES = ['pending', 'booked', 'finished', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  pending: '待预约',
  booked: '已预约',
  finished: '预约结束',
  cancelled: '已取消',
};
export const BOOKING_KINDS = ['person', 'group'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];
export const BOOKING_KIND_LABELS: Record<BookingKind, string> = { person: '个人', group: '团体' };
/** 超额审批 of a booking past a full slot: 待审核, 通过, 不通过. */
export const APPROVAL_STATES = ['pending', 'passed', 'refused'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  pending: '待审核',
  passed: '通过',
  refused: '不通过',
};

/** The refusals of breadth §2.6, in one place. */
export const BOOKING_MESSAGES = {
  full: '该时段已约满',
  closed: '该时段未开放预约',
  repeat: '本次预约已完成,请勿重复提交',
  cancelFinished: '不能取消已经结束的预约',
  past: '当前预约时间已过期',
  incomplete: '请完善预约信息后提交',
  slotType: '请根据预约类型选择对应的时间段!',
} as const;

const SCHEDULE_SCREENS = ['crm/exam_schedule', 'crm/exam_schedule_detail'] as const;

/**
 * 体检预约 (crm/exam_schedule, breadth §2.6): an individual's booking of a slot, or a group order's block
 * booking of a head-count over days. The ID number and phone are shown masked.
 */
export const examBookingResource = defineResource({
  name: 'exam_booking',
  title: '体检预约',
  base: '/manager/api/crm/exam_booking',
  screens: [...SCHEDULE_SCREENS],
  kept: false,
  row: z.object({
    kind: z.enum(BOOKING_KINDS),
    state: z.enum(BOOKING_STATES),
    approval_state: z.enum(APPROVAL_STATES).nullable(),
    slot_type: z.enum(SLOT_TYPES),
    slot_id: z.number().int().nullable(),
    book_date: z.string(),
    date_to: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    cust_name: z.string().nullable(),
    sex: z.string().nullable(),
    /** Masked. */
    id_card: z.string().nullable(),
    /** Masked. */
    phone: z.string().nullable(),
    company_name: z.string().nullable(),
    package_name: z.string().nullable(),
    group_order_no: z.string().nullable(),
    head_count: z.number().int(),
    remark: z.string().nullable(),
    order_id: z.string().nullable(),
    created_by_name: z.string().nullable(),
    created_at: z.string().nullable(),
  }),
  form: z.object({}),
  filter: withDayRange({
    key: searchKeyField(),
    state: optionalChoiceField(BOOKING_STATES, '预约状态不正确'),
    kind: optionalChoiceField(BOOKING_KINDS, '预约方式不正确'),
    approval_state: optionalChoiceField(APPROVAL_STATES, '审核状态不正确'),
  }),
  actions: ['list', 'detail', 'export'],
  excel: [
    { key: 'book_date', title: '预约日期' },
    { key: 'start_time', title: '开始时间' },
    { key: 'kind', title: '方式', labels: BOOKING_KIND_LABELS },
    { key: 'slot_type', title: '类型' },
    { key: 'state', title: '状态', labels: BOOKING_STATE_LABELS },
    { key: 'cust_name', title: '姓名' },
    { key: 'company_name', title: '单位' },
    { key: 'head_count', title: '人数' },
    { key: 'order_id', title: '体检号' },
    { key: 'remark', title: '备注' },
  ],
});

const required = (label: string, max: number) => textField(label, max);

/** 个人预约 POST /manager/api/crm/exam_booking/book (everything but the package and the remark required). */
export const bookPersonRoute = route({
  method: 'POST',
  path: '/manager/api/crm/exam_booking/book',
  summary: '个人体检预约（时段已约满时，有超额审批权限者提交超额申请）',
  access: [...SCHEDULE_SCREENS],
  input: z.object({
    slot_type: choiceField(SLOT_TYPES, '预约类型'),
    slot_id: idField('预约时段'),
    cust_name: required('姓名', 64),
    sex: z.enum(['1', '2'], { error: '请选择性别' }),
    cust_id_card: z
      .string({ error: '请填写身份证号' })
      .trim()
      .min(1, '请填写身份证号')
      .refine(isValidIdNumber, '身份证号不正确')
      .transform((v) => v.toUpperCase()),
    phone: z.string({ error: '请填写手机号' }).trim().min(1, '请填写手机号').refine(isValidPhone, PHONE_ERROR),
    company_name: required('单位', 128),
    package_id: optionalIdField('套餐'),
    remark: optionalTextField('备注', 200),
    /** '1': the slot is full and the user asks past its cap (needs 超额预约审批). */
    over_capacity: z.enum(['0', '1'], { error: '超额标记只能是0或1' }).default('0'),
  }),
  output: z.object({
    id: z.number().int(),
    state: z.enum(BOOKING_STATES),
    approval_state: z.enum(APPROVAL_STATES).nullable(),
  }),
});

/** 团体预约 POST /manager/api/crm/exam_booking/book_group: an approved group order, head-count ≥ 1, a date range. */
export const bookGroupRoute = route({
  method: 'POST',
  path: '/manager/api/crm/exam_booking/book_group',
  summary: '团体体检预约（审核通过的团检订单，人数不少于1，起止日期）',
  access: [...SCHEDULE_SCREENS],
  input: z
    .object({
      group_order_id: idField('团检订单'),
      slot_type: choiceField(SLOT_TYPES, '预约类型'),
      head_count: intField('预约人数', 1, 100_000),
      date_from: dateField,
      date_to: dateField,
      package_id: optionalIdField('套餐'),
      remark: optionalTextField('备注', 200),
    })
    .refine((v) => v.date_from <= v.date_to, { message: '开始日期不能晚于结束日期', path: ['date_to'] }),
  output: z.object({
    id: z.number().int(),
    state: z.enum(BOOKING_STATES),
    approval_state: z.enum(APPROVAL_STATES).nullable(),
  }),
});

/** 确认预约 POST /manager/api/crm/exam_booking/confirm: 待预约 → 已预约 (a second submit is refused). */
export const confirmBookingRoute = route({
  method: 'POST',
  path: '/manager/api/crm/exam_booking/confirm',
  summary: '确认预约（待预约 → 已预约）',
  access: [...SCHEDULE_SCREENS],
  input: z.object({ id: idField('体检预约') }),
  output: z.object({ id: z.number().int(), state: z.enum(BOOKING_STATES) }),
});

/** 取消预约 POST /manager/api/crm/exam_booking/cancel (a finished one cannot be cancelled). */
export const cancelBookingRoute = route({
  method: 'POST',
  path: '/manager/api/crm/exam_booking/cancel',
  summary: '取消预约',
  access: [...SCHEDULE_SCREENS],
  input: z.object({ id: idField('体检预约'), reason: noteField('取消原因', 200) }),
  output: z.object({ id: z.number().int(), state: z.enum(BOOKING_STATES) }),
});

/** 超额审核 POST /manager/api/crm/exam_booking/approve: pass (→ 已预约) or refuse (→ 已取消) a request past the cap. */
export const approveBookingRoute = route({
  method: 'POST',
  path: '/manager/api/crm/exam_booking/approve',
  summary: '超额预约审核（通过或不通过）',
  access: [OVER_CAPACITY_ACCESS],
  input: z
    .object({
      id: idField('体检预约'),
      decision: z.enum(['passed', 'refused'], { error: '请选择审核结果' }),
      note: noteField('审核意见', 200),
    })
    .refine((v) => v.decision === 'passed' || v.note, { message: '请填写不通过的原因', path: ['note'] }),
  output: z.object({ id: z.number().int(), state: z.enum(BOOKING_STATES), approval_state: z.enum(APPROVAL_STATES) }),
});

export const bookingPrefillSchema = z.object({
  id: z.number().int(),
  cust_name: z.string(),
  sex: z.enum(['1', '2']),
  birthday: z.string().nullable(),
  cust_id_card: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  package_id: z.number().int().nullable(),
  book_date: z.string(),
});
export type BookingPrefill = z.infer<typeof bookingPrefillSchema>;

/**
 * 预约转登记 GET /manager/api/crm/exam_booking/prefill: the person of an individual booking (已预约), in
 * full, to fill 快速登记; saving that registration with booking_id ends the booking.
 */
export const bookingPrefillRoute = route({
  method: 'GET',
  path: '/manager/api/crm/exam_booking/prefill',
  summary: '预约转登记：预约人信息（填入快速登记）',
  access: ['exam_mg/order_quick_register'],
  input: z.object({ id: idField('体检预约') }),
  output: bookingPrefillSchema,
});

export const bookableGroupOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  order_name: z.string(),
  company_name: z.string().nullable(),
  plan_from: z.string(),
  plan_to: z.string(),
});

/** 可预约的团检订单 GET /manager/api/crm/exam_booking/group_orders: approved and not closed. */
export const bookableGroupOrdersRoute = route({
  method: 'GET',
  path: '/manager/api/crm/exam_booking/group_orders',
  summary: '可预约的团检订单（审核通过且未结束）',
  access: [...SCHEDULE_SCREENS],
  input: z.object({}),
  output: z.array(bookableGroupOrderSchema),
});

export const EXAM_BOOKING_ROUTES = [
  bookableGroupOrdersRoute,
  bookPersonRoute,
  bookGroupRoute,
  confirmBookingRoute,
  cancelBookingRoute,
  approveBookingRoute,
  bookingPrefillRoute,
] as const;
