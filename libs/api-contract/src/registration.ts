import { z } from 'zod';
import { PAY_MODES } from './company.js';
import {
  dateField,
  idField,
  jsonField,
  optionalChoiceField,
  optionalIdField,
  optionalPhoneField,
  orderIdField,
} from './field-schemas.js';
import { ORDER_STATUSES } from './order-status.js';
import { registrationSettingsSchema } from './parameters.js';
import { unionOptionSchema } from './package.js';
import { GUIDE_SHEET_SCREENS } from './access-screens.js';
import { PRICING_MESSAGES } from './registration-pricing.js';
import { route } from './route.js';
import { isValidBirthday } from './validators.js';

/** The calls of the registration desk (登记管理, 快速登记, 登记详情 and the home page's numbers). */

const sexField = z.enum(['1', '2'], { error: '请选择性别' });
const amount = z.string().regex(/^\d+\.\d{2}$/);
/** The exam types the desk registers (复查 is registered from 复查管理 only). */
export const DESK_EXAM_TYPES = ['health', 'occupational', 'entry', 'health_card'] as const;

/** Blank optional text is undefined, as the web's forms send empty fields. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .transform((v) => v || undefined);

export const packageOptionSchema = z.object({
  id: z.number().int(),
  package_code: z.string(),
  package_name: z.string(),
  price: amount,
  gender_limit: z.enum(['0', '1', '2']),
  /** The ages the package is for (null: no limit that side). */
  age_min: z.number().int().nullable().default(null),
  age_max: z.number().int().nullable().default(null),
  /** The fixed unions; each optional group adds the one the examinee takes. */
  unions: z.array(unionOptionSchema),
  option_groups: z
    .array(z.object({ id: z.number().int(), group_name: z.string(), unions: z.array(unionOptionSchema) }))
    .default([]),
});
export type PackageOption = z.infer<typeof packageOptionSchema>;

/** 套餐列表 GET /manager/api/package/list */
export const packageListRoute = route({
  method: 'GET',
  path: '/manager/api/package/list',
  summary: '套餐列表（含组合项目）',
  access: 'signed-in',
  input: z.object({ sex: optionalChoiceField(['1', '2'], '性别只能是1（男）或2（女）') }),
  output: z.array(packageOptionSchema),
});

export const customerMatchSchema = z.object({
  id: z.number().int(),
  cust_name: z.string(),
  sex: sexField,
  birthday: z.string(),
  age: z.number().int(),
  /** Masked; the whole number is only in the registration form once the person is chosen. */
  cust_id_card_masked: z.string().nullable(),
  cust_id_card: z.string().nullable(),
  phone: z.string().nullable(),
  nation: z.string().nullable(),
  address: z.string().nullable(),
  special_flag: z.string(),
  /** A confidential person shown to a user who may not see them: nothing but the fact. */
  restricted: z.boolean(),
  last_exam_date: z.string().nullable(),
});
export type CustomerMatch = z.infer<typeof customerMatchSchema>;

/** 体检者查询 GET /manager/api/customer/search */
export const customerSearchRoute = route({
  method: 'GET',
  path: '/manager/api/customer/search',
  summary: '按身份证号、姓名或手机号查询已有体检者',
  access: ['exam_mg/order_quick_register'],
  input: z.object({
    key: z
      .string({ error: '请输入身份证号、姓名或手机号' })
      .trim()
      .min(1, '请输入身份证号、姓名或手机号')
      .max(32, '查询条件过长'),
  }),
  output: z.array(customerMatchSchema),
});

const rateField = z
  .number({ error: '折扣应为数字（90即九折）' })
  .min(1, PRICING_MESSAGES.rate)
  .max(100, PRICING_MESSAGES.rate);

/**
 * The discount the clerk asks at the desk: a rate for all lines (percent paid: 90 = 九折), the lines
 * it leaves out, and per-line rates or typed prices. The server prices the lines from it; it never
 * takes a price from the web.
 */
export const deskDiscountSchema = z.object({
  rate: rateField.optional(),
  skip_company: z.boolean().default(true),
  skip_no_discount: z.boolean().default(true),
  lines: z
    .array(
      z
        .object({
          union_id: z.number().int().positive(),
          rate: rateField.optional(),
          price: z
            .string()
            .regex(/^\d{1,8}(\.\d{1,2})?$/, '优惠价格式不正确，最多两位小数')
            .optional(),
        })
        .refine((l) => (l.rate === undefined) !== (l.price === undefined), '单项折扣请填写折扣或优惠价之一'),
    )
    .max(200, '单项折扣最多200项')
    .default([]),
});

/**
 * A leader confirming on the spot what is beyond the clerk's limits (a discount below the floor): the
 * leader's account and password, encrypted as at login (spec §5).
 */
const leaderFields = {
  leader_account: z
    .string()
    .trim()
    .max(64, '领导账号过长')
    .optional()
    .transform((v) => v || undefined),
  leader_password: z
    .string()
    .max(1024, '领导密码格式不正确')
    .optional()
    .transform((v) => v || undefined),
};

const orderSaveInput = z
  .object({
    cust_name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(64, '姓名不能超过64个字符'),
    sex: sexField,
    birthday: z.string({ error: '请输入出生日期' }).refine(isValidBirthday, '出生日期格式应为 年-月-日'),
    cust_id_card: optionalText(18, '身份证号').transform((v) => v?.toUpperCase()),
    phone: optionalPhoneField,
    nation: optionalText(16, '民族'),
    address: optionalText(128, '地址'),
    /** base64 photo from the ID card reader. */
    photo: z
      .string()
      .max(400_000, '照片过大')
      .optional()
      .transform((v) => v || undefined),
    special_flag: z.enum(['0', '1'], { error: '保密标记只能是0或1' }).default('0'),
    exam_type: z.enum(DESK_EXAM_TYPES, { error: '请选择体检类型' }),
    exam_date: dateField,
    company_id: optionalIdField('单位'),
    group_id: optionalIdField('分组'),
    package_id: optionalIdField('套餐'),
    /** JSON array of the extra unions' ids. */
    union_ids: jsonField(z.array(z.number().int().positive()).max(200, '组合项目最多200个'), '组合项目').default([]),
    /** '1': the clerk has seen the open visit of that day and registers a second one all the same. */
    confirm_duplicate: z.enum(['0', '1'], { error: '确认标记只能是0或1' }).default('0'),
    /** JSON array of the unions chosen from the package's optional groups (one per group). */
    option_union_ids: jsonField(z.array(z.number().int().positive()).max(20, '可选项目最多20个'), '可选项目').default(
      [],
    ),
    /** JSON DeskDiscount; absent: the centre's prices. */
    discount: jsonField(deskDiscountSchema, '折扣').optional(),
    /** '1': the clerk confirmed a package for the other sex (audited). */
    confirm_gender: z.enum(['0', '1'], { error: '确认标记只能是0或1' }).default('0'),
    /** 体检预约 转登记: the booking this registration ends (预约结束 with the new 体检号). */
    booking_id: optionalIdField('体检预约'),
    ...leaderFields,
  })
  .refine((v) => (v.company_id === undefined) === (v.group_id === undefined), {
    message: '团体登记请选择单位和分组',
    path: ['group_id'],
  });
export type OrderSaveInput = z.input<typeof orderSaveInput>;

/** 保存登记 POST /manager/api/order/save */
export const orderSaveRoute = route({
  method: 'POST',
  path: '/manager/api/order/save',
  summary: '保存登记（个人或团体，套餐和加项）',
  access: ['exam_mg/order_quick_register'],
  input: orderSaveInput,
  output: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('saved'),
      order_id: z.string(),
      customer_id: z.number().int(),
      total_price: amount,
      status: z.enum(ORDER_STATUSES),
    }),
    /**
     * Nothing saved: the same ID number has a visit that day whose report is not yet printed. The
     * clerk confirms and sends the same input with confirm_duplicate '1' to register a second one.
     */
    z.object({
      outcome: z.literal('duplicate_visit'),
      existing: z.object({ order_id: z.string(), exam_date: z.string(), status: z.enum(ORDER_STATUSES) }),
    }),
  ]),
});
export type OrderSaveAnswer = z.infer<(typeof orderSaveRoute)['output']>;

/** 修改加项 POST /manager/api/order/update_unions */
export const orderUpdateUnionsRoute = route({
  method: 'POST',
  path: '/manager/api/order/update_unions',
  summary: '修改登记的加项（已登记或已报到时）',
  access: ['exam_mg/order_mg_detail'],
  input: z.object({
    order_id: orderIdField,
    union_ids: jsonField(z.array(z.number().int().positive()).max(200, '组合项目最多200个'), '组合项目'),
    /** JSON DeskDiscount; absent: the one the visit was registered with stays. */
    discount: jsonField(deskDiscountSchema, '折扣').optional(),
    ...leaderFields,
  }),
  output: z.object({ order_id: z.string(), total_price: amount }),
});

/** 登记收费设置 GET /manager/api/order/registration_settings — parameter 0140 as the desk reads it. */
export const registrationSettingsRoute = route({
  method: 'GET',
  path: '/manager/api/order/registration_settings',
  summary: '登记收费设置（应收取整方式、缴费时机）',
  access: ['exam_mg/order_quick_register', 'exam_mg/order_mg_detail'],
  input: z.object({}),
  output: registrationSettingsSchema,
});

export const orderDetailUnionSchema = z.object({
  union_id: z.number().int(),
  union_name: z.string(),
  /** 优惠价: what the line is charged. */
  price: amount,
  /** 原价: the union's list price when ordered. */
  list_price: amount,
  /** Paid; an unpaid 自费 line shows 待收费. */
  fee_charged: z.boolean(),
  /** 禁止打折 */
  no_discount: z.boolean(),
  /** 'package' came with the package, 'extra' was added at the desk, 'dept' by a department (科室加项) */
  origin: z.enum(['package', 'extra', 'dept']),
  /** Who pays for this line (统收 / 自费). */
  pay_mode: z.enum(PAY_MODES),
  /** UNION_EXEC (item-execution.ts): '0' 未检, '1' 已检, '2' 弃检, '3' 迟检, '4' 拒检, '5' 补检 */
  status: z.string(),
  /** 迟检: the day deferred to; 补检: the make-up day (item-exec.ts). */
  exec_date: z.string().nullable(),
  specimen: z.string().nullable(),
  gender_limit: z.enum(['0', '1', '2']),
  mutex_union_ids: z.array(z.number().int()),
});

export const orderDetailSchema = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  exam_type: z.string(),
  exam_date: z.string(),
  /** A 复查 visit: the first visit it re-examines (review-mg.ts). */
  review_of: z.object({ order_id: z.string(), exam_date: z.string() }).nullish(),
  total_price: amount,
  /** 套餐价, 原价合计, 优惠合计, 应收 (= total_price), 已收 (payments), 待收 (应收 − 已收). */
  totals: z.object({
    package_price: amount,
    list_total: amount,
    discount_total: z.string(),
    payable: amount,
    paid: z.string(),
    unpaid: z.string(),
  }),
  /** The discount asked at the desk, as the items dialog edits it again. */
  desk_discount: deskDiscountSchema.nullable(),
  package: z
    .object({
      id: z.number().int(),
      package_name: z.string(),
      price: amount,
      option_groups: z
        .array(z.object({ id: z.number().int(), group_name: z.string(), union_ids: z.array(z.number().int()) }))
        .default([]),
    })
    .nullable(),
  company_name: z.string().nullable(),
  group_name: z.string().nullable(),
  /** Who pays for the group's package; null for an individual visit. */
  group_pay_mode: z.enum(PAY_MODES).nullable(),
  customer: z.object({
    id: z.number().int(),
    cust_name: z.string(),
    sex: sexField,
    birthday: z.string(),
    age: z.number().int(),
    cust_id_card: z.string().nullable(),
    phone: z.string().nullable(),
    nation: z.string().nullable(),
    address: z.string().nullable(),
    special_flag: z.string(),
    photo: z.string().nullable(),
    has_fingerprint: z.boolean(),
    fingerprint_collection_time: z.string().nullable(),
  }),
  /** In exam order (department sort). */
  depts: z.array(
    z.object({
      dept_id: z.number().int(),
      dept_name: z.string(),
      /** '0' waiting, '1' results entered, '2' signed */
      status: z.string(),
      unions: z.array(orderDetailUnionSchema),
    }),
  ),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** 登记详情 GET /manager/api/order/detail */
export const orderDetailRoute = route({
  method: 'GET',
  path: '/manager/api/order/detail',
  summary: '登记详情（体检者、按科室的组合项目、金额）',
  access: ['exam_mg/order_mg_detail'],
  input: z.object({ order_id: orderIdField }),
  output: orderDetailSchema,
});

/** 报到 POST /manager/api/order/check_in */
export const orderCheckInRoute = route({
  method: 'POST',
  path: '/manager/api/order/check_in',
  summary: '报到（已登记 → 已报到）',
  access: ['exam_mg/order_mg_detail'],
  input: z.object({ order_id: orderIdField }),
  output: z.object({ order_id: z.string(), status: z.enum(ORDER_STATUSES) }),
});

/**
 * 导检单 GET /manager/api/order/guide_sheet — answers application/pdf (an envelope only when refused).
 * The output schema describes nothing: the web reads the answer as a file.
 */
export const guideSheetRoute = route({
  method: 'GET',
  path: '/manager/api/order/guide_sheet',
  summary: '导检单PDF',
  access: GUIDE_SHEET_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.unknown(),
});

/** 导检单打印凭据 POST /manager/api/order/guide_sheet_ticket */
export const guideSheetTicketRoute = route({
  method: 'POST',
  path: '/manager/api/order/guide_sheet_ticket',
  summary: '导检单打印凭据（本地打印服务凭此下载PDF，5分钟内有效）',
  access: GUIDE_SHEET_SCREENS,
  input: z.object({ order_id: orderIdField }),
  output: z.object({ ticket: z.string(), expires_at: z.string() }),
});

/**
 * 导检单文件 GET /manager/api/order/guide_sheet_file — for the local print service, which has no
 * session: the ticket, signed by the server and short-lived, stands for it.
 */
export const guideSheetFileRoute = route({
  method: 'GET',
  path: '/manager/api/order/guide_sheet_file',
  summary: '导检单PDF（凭打印凭据）',
  access: 'public',
  input: z.object({
    ticket: z.string({ error: '请提供打印凭据' }).regex(/^[0-9A-Za-z._-]{10,200}$/, '打印凭据格式不正确'),
  }),
  output: z.unknown(),
});

export const todayStatsSchema = z.object({
  date: z.string(),
  registered: z.number().int(),
  checked_in: z.number().int(),
  in_exam: z.number().int(),
  depts_done: z.number().int(),
  reviewed: z.number().int(),
  report_printed: z.number().int(),
  depts: z.array(
    z.object({
      dept_id: z.number().int(),
      dept_name: z.string(),
      waiting: z.number().int(),
      entered: z.number().int(),
      signed: z.number().int(),
    }),
  ),
});
export type TodayStats = z.infer<typeof todayStatsSchema>;

/** 今日统计 GET /manager/api/order/today_stats */
export const todayStatsRoute = route({
  method: 'GET',
  path: '/manager/api/order/today_stats',
  summary: '今日登记、报到、检查、审核、打印人数及各科室进度',
  access: ['exam_mg/home_page'],
  input: z.object({ date: dateField.optional() }),
  output: todayStatsSchema,
});

/** 保存指纹 POST /manager/api/customer/save_fingerprint */
export const saveFingerprintRoute = route({
  method: 'POST',
  path: '/manager/api/customer/save_fingerprint',
  summary: '保存体检者指纹模板',
  access: ['exam_mg/order_quick_register', 'exam_mg/dept_diag_detail'],
  input: z.object({
    customer_id: idField('体检者'),
    fingerprint_template: z.string({ error: '请提供指纹模板' }).min(1, '请提供指纹模板').max(20_000, '指纹模板过大'),
  }),
  output: z.object({ customer_id: z.number().int(), fingerprint_collection_time: z.string() }),
});

/** 读取指纹模板 GET /manager/api/customer/fingerprint_template */
export const fingerprintTemplateRoute = route({
  method: 'GET',
  path: '/manager/api/customer/fingerprint_template',
  summary: '读取体检者指纹模板（用于比对）',
  access: ['exam_mg/order_mg_detail'],
  input: z.object({ customer_id: idField('体检者') }),
  output: z.object({
    customer_id: z.number().int(),
    fingerprint_template: z.string().nullable(),
    fingerprint_collection_time: z.string().nullable(),
  }),
});
