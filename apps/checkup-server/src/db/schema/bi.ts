import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * 统计分析's aggregate tables (issue 24): one row per visit, per ordered union and per conclusion,
 * derived from the working tables by modules/bi/refresh.ts. The job runner brings them up to date
 * incrementally (the visits touched since the last refresh, and the last few days); 统计分析 reads
 * them instead of joining the working tables on every request, and says the time they are as of.
 * Nothing else writes them; they can be rebuilt from scratch at any time.
 */
export const biVisitFacts = pgTable(
  'bi_visit_facts',
  {
    orderId: varchar('order_id', { length: 20 }).primaryKey(),
    /** 登记日期: the visit's exam day. */
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    /** 审核日期: the day the last 终审 passed; null until then. */
    auditDate: date('audit_date', { mode: 'string' }),
    branchId: integer('branch_id'),
    examType: varchar('exam_type', { length: 16 }).notNull(),
    /** 团检: registered for a company group. */
    isGroup: boolean('is_group').notNull(),
    companyId: integer('company_id'),
    /** The group order as 团体结算 reads it: the 团体名单 person's, else the 分组's. */
    groupOrderId: integer('group_order_id'),
    groupId: integer('group_id'),
    packageId: integer('package_id'),
    sex: varchar('sex', { length: 1 }).notNull(),
    /** Age in whole years on the exam day. */
    age: smallint('age').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    registeredBy: integer('registered_by'),
    /** 总检医生: who passed the last 主审 (or 终审 when there was none). */
    chiefId: integer('chief_id'),
    /** 终审人. */
    finalReviewerId: integer('final_reviewer_id'),
    lineCount: smallint('line_count').notNull(),
    doneCount: smallint('done_count').notNull(),
    /** 原价 and 优惠价 of the lines not returned (退项), and the 自费 / 统收 parts of 优惠价. */
    listTotal: numeric('list_total', { precision: 12, scale: 2 }).notNull(),
    priceTotal: numeric('price_total', { precision: 12, scale: 2 }).notNull(),
    selfTotal: numeric('self_total', { precision: 12, scale: 2 }).notNull(),
    companyTotal: numeric('company_total', { precision: 12, scale: 2 }).notNull(),
    /** 加项: lines added on their own, not with the package. */
    extraListTotal: numeric('extra_list_total', { precision: 12, scale: 2 }).notNull(),
    extraPriceTotal: numeric('extra_price_total', { precision: 12, scale: 2 }).notNull(),
    /** Conclusions (not hidden, not merged away) the visit has. */
    diagnosisCount: smallint('diagnosis_count').notNull(),
    printed: boolean('printed').notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    /** 已缴费: no 自费 line (not returned) is left uncharged. */
    paid: boolean('paid').notNull().default(false),
    /** 原价 of the 自费 lines (not returned), and the visit's first 收费 line: 收入明细's 原价 (§11.5). */
    selfListTotal: numeric('self_list_total', { precision: 12, scale: 2 }).notNull().default('0'),
    firstChargeId: integer('first_charge_id'),
    /** 欠费 (the owed line facts, summed): 自费 lines not charged, 统收 lines in no checked-out statement. */
    owedSelfLines: smallint('owed_self_lines').notNull().default(0),
    owedSelf: numeric('owed_self', { precision: 12, scale: 2 }).notNull().default('0'),
    owedCompanyLines: smallint('owed_company_lines').notNull().default(0),
    owedCompany: numeric('owed_company', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    index('bi_visit_facts_date_idx').on(t.examDate, t.branchId),
    index('bi_visit_facts_audit_idx').on(t.auditDate),
    index('bi_visit_facts_company_idx').on(t.companyId, t.examDate),
    index('bi_visit_facts_order_idx').on(t.groupOrderId),
    // 欠费统计: the visits owing 自费 lines, by day; and those owing 统收 lines.
    index('bi_visit_facts_owed_self_idx')
      .on(t.examDate)
      .where(sql`${t.owedSelfLines} > 0`),
    index('bi_visit_facts_owed_company_idx')
      .on(t.examDate)
      .where(sql`${t.owedCompanyLines} > 0`),
  ],
);

export const biLineFacts = pgTable(
  'bi_line_facts',
  {
    orderId: varchar('order_id', { length: 20 }).notNull(),
    unionId: integer('union_id').notNull(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    isGroup: boolean('is_group').notNull(),
    deptId: integer('dept_id').notNull(),
    /** UNION_EXEC: 0 未检, 1 已检, 2 弃检, 3 迟检, 4 拒检, 5 补检. */
    status: varchar('status', { length: 1 }).notNull(),
    /** package or extra (加项). */
    origin: varchar('origin', { length: 8 }).notNull(),
    /** self 自费, company 统收. */
    payMode: varchar('pay_mode', { length: 8 }).notNull(),
    listPrice: numeric('list_price', { precision: 10, scale: 2 }).notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    feeCharged: boolean('fee_charged').notNull(),
    returned: boolean('returned').notNull(),
    /** The doctor who signed the department (order_depts.sign_user_id). */
    doctorId: integer('doctor_id'),
    /**
     * 欠费: a line not given back, not free, of a visit past 预登记, that is 自费 and not charged, or 统收
     * and in no checked-out (已结账) statement.
     */
    owed: boolean('owed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.unionId] }),
    index('bi_line_facts_dept_idx').on(t.examDate, t.deptId),
    index('bi_line_facts_union_idx').on(t.examDate, t.unionId),
    // 派单 (加项工作量) reads only the lines added on their own or by a department.
    index('bi_line_facts_added_idx')
      .on(t.examDate)
      .where(sql`${t.origin} in ('extra', 'dept')`),
    // 欠费统计 reads only the owed lines.
    index('bi_line_facts_owed_idx')
      .on(t.examDate)
      .where(sql`${t.owed}`),
  ],
);

/** One conclusion of a visit, as the report shows it (not hidden, not merged into another). */
export const biDiagFacts = pgTable(
  'bi_diag_facts',
  {
    orderId: varchar('order_id', { length: 20 }).notNull(),
    /** order_diagnoses.id */
    diagRowId: integer('diag_row_id').notNull(),
    diagId: integer('diag_id'),
    diagName: varchar('diag_name', { length: 128 }).notNull(),
    deptId: integer('dept_id'),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.diagRowId] }),
    index('bi_diag_facts_date_idx').on(t.examDate, t.diagName),
  ],
);

/** The refresh's bookmark: one row. */
export const biRefreshState = pgTable('bi_refresh_state', {
  id: smallint('id').primaryKey(),
  /** Changes up to this time are in the tables (the refresh's start). */
  asOf: timestamp('as_of', { withTimezone: true }),
  lastMs: integer('last_ms'),
  /** The rollups' version the days were last all rolled up with (ROLLUP_VERSION, refresh.ts). */
  rollupVersion: integer('rollup_version').notNull().default(0),
  /** Rows of bi_visit_facts and bi_line_facts after it (counted then, not on every report). */
  visits: integer('visits').notNull().default(0),
  lines: integer('lines').notNull().default(0),
  /** bi_pay_days holds every 收费日期 up to this day; the money reports read later days live. */
  payThrough: date('pay_through', { mode: 'string' }),
  /** The last money line the rollup had seen: a later one dated on or before pay_through is read live. */
  payMaxId: integer('pay_max_id'),
});

/**
 * 财务报表's and 收费员工作量's daily rollup of the money lines (payments), per 收费日期, 分中心, 收费员,
 * 收费方式, purpose and kind: the lines and their amount. Money lines are only ever added, so a day
 * that ended (an hour's margin for a payment still being written) is summed once; the refresh adds
 * the days since pay_through, and again any earlier day a later line was dated on (对账 补录). The
 * reports add this up to pay_through and read the money lines after it live, so they stay live.
 */
export const biPayDays = pgTable(
  'bi_pay_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    operatorId: integer('operator_id'),
    payMethod: varchar('pay_method', { length: 16 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    lines: integer('lines').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('bi_pay_days_idx').on(t.day)],
);

/**
 * 科室分析's and 医生分析's daily rollups (issue 24): the lines of bi_line_facts not returned (退项), summed
 * per exam day, 分中心, department (and union) or doctor and role, 个人/团体. `visits` counts the distinct
 * visits of the row; a visit has one exam day, so adding days up stays exact. The refresh rebuilds the
 * days its changed visits fall on; a year is then a few thousand rows to add up, not millions of lines.
 */
const rollupMeasures = () => ({
  isGroup: boolean('is_group').notNull(),
  visits: integer('visits').notNull(),
  lines: integer('lines').notNull(),
  listPrice: numeric('list_price', { precision: 14, scale: 2 }).notNull(),
  price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  /** 优惠价 of the 自费 and 统收 lines, and of the 加项 (lines added on their own). */
  selfPrice: numeric('self_price', { precision: 14, scale: 2 }).notNull(),
  companyPrice: numeric('company_price', { precision: 14, scale: 2 }).notNull(),
  extraPrice: numeric('extra_price', { precision: 14, scale: 2 }).notNull(),
  /** Lines by UNION_EXEC: 已检, 补检, 迟检, 弃检. */
  done: integer('done').notNull(),
  makeup: integer('makeup').notNull(),
  deferred: integer('deferred').notNull(),
  waived: integer('waived').notNull(),
});

export const biDeptDays = pgTable(
  'bi_dept_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    deptId: integer('dept_id').notNull(),
    ...rollupMeasures(),
  },
  (t) => [index('bi_dept_days_idx').on(t.examDate, t.deptId)],
);

export const biUnionDays = pgTable(
  'bi_union_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    deptId: integer('dept_id').notNull(),
    unionId: integer('union_id').notNull(),
    ...rollupMeasures(),
  },
  (t) => [index('bi_union_days_idx').on(t.examDate, t.unionId)],
);

export const biDoctorDays = pgTable(
  'bi_doctor_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    doctorId: integer('doctor_id').notNull(),
    /** DOCTOR_ROLES: dept 科室签字 (the department's lines), chief 总检, final 终审 (every line of the visit). */
    role: varchar('role', { length: 8 }).notNull(),
    ...rollupMeasures(),
  },
  (t) => [index('bi_doctor_days_idx').on(t.examDate, t.doctorId)],
);

/**
 * 科室工作量's daily rollup: per exam day, 分中心, department and person, the visits and results they
 * entered (item_results.entered_by) and the departments they signed and imaging-signed (order_depts),
 * read from the working tables for the days the refresh rebuilds.
 */
export const biDeptWorkDays = pgTable(
  'bi_dept_work_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    deptId: integer('dept_id').notNull(),
    userId: integer('user_id').notNull(),
    enteredVisits: integer('entered_visits').notNull(),
    enteredItems: integer('entered_items').notNull(),
    signedVisits: integer('signed_visits').notNull(),
    imagingVisits: integer('imaging_visits').notNull(),
  },
  (t) => [index('bi_dept_work_days_idx').on(t.examDate, t.deptId)],
);

/**
 * 疾病分析's daily rollups: per exam day, 分中心, 性别, 年龄段 (AGE_BANDS key) and 单位 (0 个人), the
 * visits taking part (预登记 left out), and per conclusion and department how many of them have it.
 * A visit has one exam day, so the days' distinct counts add up exactly.
 */
export const biVisitDays = pgTable(
  'bi_visit_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    sex: varchar('sex', { length: 1 }).notNull(),
    ageBand: varchar('age_band', { length: 8 }).notNull(),
    companyId: integer('company_id').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [index('bi_visit_days_idx').on(t.examDate)],
);

export const biDiagDays = pgTable(
  'bi_diag_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    sex: varchar('sex', { length: 1 }).notNull(),
    ageBand: varchar('age_band', { length: 8 }).notNull(),
    companyId: integer('company_id').notNull(),
    diagName: varchar('diag_name', { length: 128 }).notNull(),
    /** 0: 总检 (a conclusion of no department). */
    deptId: integer('dept_id').notNull(),
    found: integer('found').notNull(),
  },
  (t) => [index('bi_diag_days_idx').on(t.examDate)],
);

/**
 * 登记工作量's and 优惠折扣统计's daily rollup of bi_visit_facts: per exam day, 分中心, 体检类型, 个人/团体,
 * status, 已缴费 and 折扣区间 (finance-revenue.ts DISCOUNT_BAND), the visits and their 原价 / 优惠价.
 */
export const biRegisterDays = pgTable(
  'bi_register_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    examType: varchar('exam_type', { length: 16 }).notNull(),
    isGroup: boolean('is_group').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    paid: boolean('paid').notNull(),
    band: varchar('band', { length: 1 }).notNull(),
    visits: integer('visits').notNull(),
    listTotal: numeric('list_total', { precision: 14, scale: 2 }).notNull(),
    priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('bi_register_days_idx').on(t.examDate)],
);

/** 团体折扣's rollup: a group order's visits (预登记 left out) per exam day, with their 原价 / 优惠价. */
export const biGroupOrderDays = pgTable(
  'bi_group_order_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    groupOrderId: integer('group_order_id').notNull(),
    visits: integer('visits').notNull(),
    listTotal: numeric('list_total', { precision: 14, scale: 2 }).notNull(),
    priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('bi_group_order_days_idx').on(t.groupOrderId), index('bi_group_order_days_date_idx').on(t.examDate)],
);

/**
 * 审核工作量's rollup: per review day (Asia/Shanghai), the visit's 分中心 and 个人/团体, reviewer, step and
 * result, how many acts; the refresh rolls up again the review days of the visits it takes.
 */
export const biReviewDays = pgTable(
  'bi_review_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    isGroup: boolean('is_group').notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    reviewerName: varchar('reviewer_name', { length: 64 }).notNull(),
    step: varchar('step', { length: 8 }).notNull(),
    result: varchar('result', { length: 8 }).notNull(),
    acts: integer('acts').notNull(),
  },
  (t) => [index('bi_review_days_idx').on(t.day)],
);

/**
 * 加项工作量's rollup: per exam day, 分中心, department and adder (the doctor order_union_additions names,
 * else the visit's 登记人), the lines added on their own or by a department (退项 left out), the distinct
 * visits and their 原价 / 优惠价. dept_id 0 holds every department together, so a visit with added lines
 * in two departments counts once there.
 */
export const biDispatchDays = pgTable(
  'bi_dispatch_days',
  {
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    branchId: integer('branch_id'),
    deptId: integer('dept_id').notNull(),
    adderId: integer('adder_id'),
    visits: integer('visits').notNull(),
    lines: integer('lines').notNull(),
    listTotal: numeric('list_total', { precision: 14, scale: 2 }).notNull(),
    priceTotal: numeric('price_total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('bi_dispatch_days_idx').on(t.examDate, t.deptId)],
);
