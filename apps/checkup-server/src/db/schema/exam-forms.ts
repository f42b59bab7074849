import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { departments, recordColumns } from './catalogue.js';

/**
 * 体检配置's templates and logs (issue 18 §2, breadth §6.4, 6.6, 6.11): the ultrasound body-part tree,
 * items and sign words; the questionnaires and their questions; the HIS message log and the queue of
 * registration changes to re-send to a HIS.
 */

/** A node of the ultrasound body-part tree (肝胆 → 肝脏); a root has no parent. */
export const usClassifies = pgTable(
  'us_classifies',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    classifyName: varchar('classify_name', { length: 64 }).notNull(),
    nameEn: varchar('name_en', { length: 64 }),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'us_classifies_parent_fk' }),
    index('us_classifies_parent_idx').on(t.parentId),
  ],
);

/** An ultrasound exam item (肝脏, 甲状腺): what the doctor describes with sign words. */
export const usItems = pgTable(
  'us_items',
  {
    id: serial('id').primaryKey(),
    itemName: varchar('item_name', { length: 64 }).notNull(),
    /** 输入码: the letters a doctor types to find it (GZ for 肝脏). */
    inputCode: varchar('input_code', { length: 32 }).notNull(),
    /** '0' either sex, '1' male, '2' female */
    genderLimit: varchar('gender_limit', { length: 1 }).notNull().default('0'),
    classifyId: integer('classify_id')
      .notNull()
      .references(() => usClassifies.id),
    deptId: integer('dept_id')
      .notNull()
      .references(() => departments.id),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('us_items_name_idx').on(t.itemName), index('us_items_classify_idx').on(t.classifyId)],
);

/** A sign word of an item: its description template, conclusion word and severity (所见描述). */
export const usSigns = pgTable(
  'us_signs',
  {
    id: serial('id').primaryKey(),
    usItemId: integer('us_item_id')
      .notNull()
      .references(() => usItems.id),
    signName: varchar('sign_name', { length: 64 }).notNull(),
    isPositive: boolean('is_positive').notNull().default(false),
    description: text('description').notNull(),
    conclusion: varchar('conclusion', { length: 128 }),
    /** '0' 一般, '1' 重大阳性, '2' 危急 (as diagnoses.serious_type) */
    seriousType: varchar('serious_type', { length: 1 }).notNull().default('0'),
    /** The normal finding offered first. */
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('us_signs_item_name_idx').on(t.usItemId, t.signName)],
);

/** A questionnaire an examinee fills in (健康问卷), for a sex and an age range. */
export const questionnaires = pgTable('questionnaires', {
  id: serial('id').primaryKey(),
  qnName: varchar('qn_name', { length: 64 }).notNull().unique(),
  genderLimit: varchar('gender_limit', { length: 1 }).notNull().default('0'),
  ageMin: integer('age_min'),
  ageMax: integer('age_max'),
  description: varchar('description', { length: 200 }),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});

/** One option of a question: its answer, where it branches to, and the unions it recommends. */
export interface QuestionOption {
  code: string;
  content: string;
  next_code: string | null;
  union_ids: number[];
}

/** A question of a questionnaire; its options travel with it (they have no life of their own). */
export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    questionCode: varchar('question_code', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    /** single 单选, multi 多选, text 填空 */
    questionType: varchar('question_type', { length: 8 }).notNull(),
    options: jsonb('options')
      .$type<QuestionOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [uniqueIndex('questionnaire_questions_code_idx').on(t.questionnaireId, t.questionCode)],
);

/** A message exchanged with a HIS (its originals kept as sent and received). */
export const hisMessages = pgTable(
  'his_messages',
  {
    id: serial('id').primaryKey(),
    interfaceName: varchar('interface_name', { length: 64 }).notNull(),
    examNo: varchar('exam_no', { length: 32 }),
    msgType: varchar('msg_type', { length: 32 }).notNull(),
    /** normal 正常, refused 拒绝, error 错误 */
    status: varchar('status', { length: 8 }).notNull(),
    /** out 发送, in 接收 */
    direction: varchar('direction', { length: 3 }).notNull(),
    /** webservice, mq, socket, http */
    callMode: varchar('call_mode', { length: 16 }).notNull(),
    requestText: text('request_text'),
    responseText: text('response_text'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('his_messages_sent_idx').on(t.sentAt), index('his_messages_exam_idx').on(t.examNo)],
);

/** A registration change (加项, 退项, 重新登记) waiting to be sent to the HIS again, and how it was handled. */
export const hisChanges = pgTable(
  'his_changes',
  {
    id: serial('id').primaryKey(),
    examNo: varchar('exam_no', { length: 32 }).notNull(),
    customerName: varchar('customer_name', { length: 64 }),
    /** add 加项, refund 退项, reregister 重新登记 */
    changeType: varchar('change_type', { length: 16 }).notNull(),
    /** What changed, as the registration desk saw it (the unions added or refunded). */
    content: varchar('content', { length: 500 }).notNull(),
    /** pending 待处理, handled 已处理, resend 待重发, ignored 已忽略 */
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    note: varchar('note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
  },
  (t) => [index('his_changes_state_idx').on(t.state, t.createdAt)],
);
