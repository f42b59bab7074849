import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PayMode } from '@checkup/api-contract';
import { packages, recordColumns, type GenderLimit } from './catalogue.js';

/** An examinee (体检者, customer): one row per person, whatever number of visits. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    custName: varchar('cust_name', { length: 64 }).notNull(),
    /** '1' male, '2' female (spec §3) */
    sex: varchar('sex', { length: 1 }).$type<'1' | '2'>().notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /**
     * GB 11643, 18 characters (or a legacy 15) as entered, sealed by modules/people/personal-data.ts;
     * null for a person without one (a foreign visitor).
     */
    custIdCardEnc: text('cust_id_card_enc'),
    /** HMAC of the normalised ID number (15 digits widened to 18): the exact look-up, no decrypting. */
    custIdCardHash: varchar('cust_id_card_hash', { length: 64 }),
    phoneEnc: text('phone_enc'),
    /** HMAC of the phone without spaces or dashes. */
    phoneHash: varchar('phone_hash', { length: 64 }),
    /**
     * Plain text from before migration 0010, sealed and cleared at start (personal-data-rewrite.ts);
     * a check constraint refuses any new value. Dropped once every installation has converted.
     */
    legacyIdCard: varchar('cust_id_card', { length: 18 }),
    legacyPhone: varchar('phone', { length: 20 }),
    /** '1' confidential (保密人员): only users with special_flag '1' may see them (spec §5). */
    specialFlag: varchar('special_flag', { length: 1 }).notNull().default('0'),
    nation: varchar('nation', { length: 16 }),
    address: varchar('address', { length: 128 }),
    /** base64 JPEG from the ID card reader or the camera */
    photo: text('photo'),
    fingerprintTemplate: text('fingerprint_template'),
    fingerprintCollectionTime: timestamp('fingerprint_collection_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_id_card_hash_idx').on(t.custIdCardHash),
    // Name search is by prefix (LIKE '张%'), which a plain index only serves under the C collation.
    index('customers_name_idx').on(t.custName.op('varchar_pattern_ops')),
    index('customers_phone_hash_idx').on(t.phoneHash),
    check('customers_no_plain_identity', sql`${t.legacyIdCard} is null and ${t.legacyPhone} is null`),
  ],
);

/** An employer that sends its staff for checkups (团检单位). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    companyName: varchar('company_name', { length: 128 }).notNull().unique(),
    contactName: varchar('contact_name', { length: 32 }),
    /** The contact person's phone, sealed (personal-data.ts); nobody searches by it. */
    contactPhoneEnc: text('contact_phone_enc'),
    /** Plain text from before migration 0010, sealed and cleared at start, as customers.phone. */
    legacyContactPhone: varchar('contact_phone', { length: 20 }),
    address: varchar('address', { length: 128 }),
    /** '1' searchable from the registration desk's exam area (spec §7 is_search_exam_area) */
    examArea: varchar('exam_area', { length: 1 }).notNull().default('1'),
    /** 统一社会信用代码 (GB 32100, 18 characters), unique when given. */
    creditCode: varchar('credit_code', { length: 18 }).unique(),
    /** 行业 and 经济类型: values of the dictionaries industry and economy_type (occupational reporting). */
    industryType: varchar('industry_type', { length: 8 }),
    economyType: varchar('economy_type', { length: 8 }),
    /** The sales owner (an account, users.id). */
    salesUserId: integer('sales_user_id'),
    remark: varchar('remark', { length: 200 }),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('companies_no_plain_phone', sql`${t.legacyContactPhone} is null`)],
);

/**
 * The one key id personal data is sealed under (personal-data.ts), so a start with another key
 * stops instead of writing a second kind of row; next_key_id is set while a rotation runs.
 */
export const personalDataKey = pgTable(
  'personal_data_key',
  {
    id: integer('id').primaryKey().default(1),
    keyId: varchar('key_id', { length: 16 }).notNull(),
    nextKeyId: varchar('next_key_id', { length: 16 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('personal_data_key_one_row', sql`${t.id} = 1`)],
);

/**
 * 团检订单 (group order, breadth §1.1): one campaign of a company's checkups — its plan, delivery and
 * desk notes — with its approval states (GROUP_ORDER_STATES: 草稿 → 已提交 → 审核通过, 不通过 and 撤回
 * as side exits) and change states (GROUP_ORDER_CHANGE_STATES). Only an approved order is imported
 * into, prepared, settled or invoiced; `closed` (结束) takes no more people.
 */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: serial('id').primaryKey(),
    /** 订单号, e.g. TD202611280001. */
    orderNo: varchar('order_no', { length: 20 }).notNull().unique(),
    orderName: varchar('order_name', { length: 128 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The contract the order is examined and billed under, once signed. */
    contractId: integer('contract_id').references(() => contracts.id),
    branchId: integer('branch_id'),
    /** health 健康体检, occupational 职业体检, both (the _occu screens list the latter two). */
    examType: varchar('exam_type', { length: 16 }).notNull().default('health'),
    planFrom: date('plan_from', { mode: 'string' }).notNull(),
    planTo: date('plan_to', { mode: 'string' }).notNull(),
    planMale: integer('plan_male').notNull().default(0),
    planFemale: integer('plan_female').notNull().default(0),
    /** 费用预算 and 套餐平均价, yuan. */
    budget: numeric('budget', { precision: 12, scale: 2 }),
    avgPrice: numeric('avg_price', { precision: 10, scale: 2 }),
    /** 订单折扣 as a rate (0.85 = 八五折), null for none. */
    discountRate: numeric('discount_rate', { precision: 5, scale: 4 }),
    /** 体检形式: inside 内检, outside 外检, both 内外检. */
    examMode: varchar('exam_mode', { length: 8 }).notNull().default('inside'),
    /** 发放方式 of the reports: self 自取, mail 邮寄, company 单位统一领取, electronic 电子报告. */
    reportDelivery: varchar('report_delivery', { length: 16 }).notNull().default('company'),
    /** 前台须知: shown at the desk when one of the order's people registers. */
    deskNote: varchar('desk_note', { length: 500 }),
    salesUserId: integer('sales_user_id'),
    /** GROUP_ORDER_STATES */
    approvalState: varchar('approval_state', { length: 16 }).notNull().default('draft'),
    /** 审批意见 of the last approval or refusal. */
    approvalNote: varchar('approval_note', { length: 500 }),
    submittedBy: integer('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** GROUP_ORDER_CHANGE_STATES */
    changeState: varchar('change_state', { length: 16 }).notNull().default('none'),
    /** 变更备注: required to change an approved order. */
    changeNote: varchar('change_note', { length: 500 }),
    /** 结束: the order takes no more imports or 预登记. */
    closed: boolean('closed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    remark: varchar('remark', { length: 200 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...recordColumns(),
  },
  (t) => [index('group_orders_company_idx').on(t.companyId), index('group_orders_state_idx').on(t.approvalState)],
);

/**
 * A group (分组) of a group order, with its own package, e.g. 男职工组 / 女职工组 / 接害组 (breadth §1.2):
 * imported people are matched to the first group (by priority) whose 组类, sex, marital and age
 * conditions they meet. Groups from before issue 22 belong to a company without an order.
 */
export const companyGroups = pgTable(
  'company_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupOrderId: integer('group_order_id').references(() => groupOrders.id),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    /** 组类: a short code an imported row may name to be routed to this group. */
    groupCode: varchar('group_code', { length: 16 }),
    packageId: integer('package_id').references(() => packages.id),
    genderLimit: varchar('gender_limit', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
    /** '0' either, '1' 已婚 only, '2' 未婚 only. */
    maritalLimit: varchar('marital_limit', { length: 1 }).notNull().default('0'),
    /** 年龄自/至, inclusive; null for no bound. */
    ageFrom: integer('age_from'),
    ageTo: integer('age_to'),
    /** 优先: groups are tried highest first, then by id. */
    priority: integer('priority').notNull().default(0),
    /** health / occupational; null: the order's own type. */
    examType: varchar('exam_type', { length: 16 }),
    /** Occupational groups name the harm factors their members are exposed to. */
    harmFactors: jsonb('harm_factors').$type<string[]>(),
    /** Who pays for the group's package: 'company' 统收 (billed to the company), 'self' 自费 (contract PAY_MODES) */
    payMode: varchar('pay_mode', { length: 8 }).$type<PayMode>().notNull().default('company'),
    /** 优惠价 of the group's package for this order, yuan; null: the package's own price. */
    price: numeric('price', { precision: 10, scale: 2 }),
    /** 是否隐藏金额: the examinee's guide sheet and report show no prices. */
    hidePrice: boolean('hide_price').notNull().default(false),
    /** 禁检: a paused group receives no people and its people cannot register. */
    paused: boolean('paused').notNull().default(false),
    ...recordColumns(),
  },
  (t) => [
    index('company_groups_company_idx').on(t.companyId),
    index('company_groups_order_idx').on(t.groupOrderId),
    check('company_groups_ages', sql`${t.ageFrom} is null or ${t.ageTo} is null or ${t.ageFrom} <= ${t.ageTo}`),
  ],
);

/**
 * 名单 (breadth §1.2, §2.7): a person of a group order's list, imported or typed, matched to a group.
 * 预登记 gives them a visit (order_id, status prepared); re-importing the same ID number into the same
 * order updates the row while it has no visit. Personal data sealed as in customers.
 */
export const groupPersons = pgTable(
  'group_persons',
  {
    id: serial('id').primaryKey(),
    groupOrderId: integer('group_order_id')
      .notNull()
      .references(() => groupOrders.id),
    groupId: integer('group_id').references(() => companyGroups.id),
    custName: varchar('cust_name', { length: 64 }).notNull(),
    sex: varchar('sex', { length: 1 }).$type<'1' | '2'>().notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    custIdCardEnc: text('cust_id_card_enc'),
    custIdCardHash: varchar('cust_id_card_hash', { length: 64 }),
    phoneEnc: text('phone_enc'),
    /** '1' 已婚, '2' 未婚, '0' not given. */
    marital: varchar('marital', { length: 1 }).notNull().default('0'),
    deptName: varchar('dept_name', { length: 64 }),
    employeeNo: varchar('employee_no', { length: 32 }),
    /** 工种 and the occupational template's exposure columns. */
    jobName: varchar('job_name', { length: 64 }),
    harmFactors: jsonb('harm_factors').$type<string[]>(),
    workYears: jsonb('work_years').$type<Record<string, string>>(),
    remark: varchar('remark', { length: 200 }),
    /** 统收限额: the most the company pays for this person, yuan; null for no cap. */
    priceLimit: numeric('price_limit', { precision: 10, scale: 2 }),
    /** The visit 预登记 created (体检号). */
    orderId: varchar('order_id', { length: 20 }),
    /** 禁检 of the person (before or after 预登记). */
    paused: boolean('paused').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...recordColumns(),
  },
  (t) => [
    index('group_persons_order_idx').on(t.groupOrderId),
    index('group_persons_group_idx').on(t.groupId),
    index('group_persons_visit_idx').on(t.orderId),
    uniqueIndex('group_persons_id_card_uq')
      .on(t.groupOrderId, t.custIdCardHash)
      .where(sql`${t.custIdCardHash} is not null`),
  ],
);

/** The agreement under which a company's groups are examined and billed. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractNo: varchar('contract_no', { length: 32 }).notNull().unique(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    /** draft, signed, closed */
    status: varchar('status', { length: 16 }).notNull().default('signed'),
    remark: varchar('remark', { length: 200 }),
    /** A disabled (作废) contract is kept for the record but no longer reminded of. */
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('contracts_company_idx').on(t.companyId)],
);
