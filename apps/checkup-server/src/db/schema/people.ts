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

/** A group (分组) of a company's staff with its own package, e.g. 男职工组 / 女职工组 / 接害组. */
export const companyGroups = pgTable(
  'company_groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    packageId: integer('package_id').references(() => packages.id),
    genderLimit: varchar('gender_limit', { length: 1 }).$type<GenderLimit>().notNull().default('0'),
    /** Occupational groups name the harm factors their members are exposed to. */
    harmFactors: jsonb('harm_factors').$type<string[]>(),
    /** Who pays for the group's package: 'company' 统收 (billed to the company), 'self' 自费 (contract PAY_MODES) */
    payMode: varchar('pay_mode', { length: 8 }).$type<PayMode>().notNull().default('company'),
  },
  (t) => [index('company_groups_company_idx').on(t.companyId)],
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
