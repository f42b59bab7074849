import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';

/**
 * Self-defined print templates (exam_cfg/self_defined_template; spec §3 temp_config): the layout of
 * one of the ten types, for health or occupational visits. The guide sheet and the report print with
 * their type's default.
 */
export const selfTemplates = pgTable(
  'self_templates',
  {
    id: serial('id').primaryKey(),
    /** barcode, guide_sheet, exam_report, … (the ten template types of spec §2) */
    tempType: varchar('temp_type', { length: 32 }).notNull(),
    tempName: varchar('temp_name', { length: 64 }).notNull(),
    tempConfig: jsonb('temp_config').notNull(),
    /** '1' the default of its type and 适用类型 (spec §3 enable_temp): what prints. */
    enableTemp: varchar('enable_temp', { length: 1 }).notNull().default('0'),
    /** 适用类型: 'health' or 'occu' (职业体检 prints on layouts of its own). */
    suitType: varchar('suit_type', { length: 8 }).notNull().default('health'),
    isActive: boolean('is_active').notNull().default(true),
    ...recordColumns(),
    // Older than the record columns, and always stamped.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One default per type and 适用类型, whatever two concurrent saves do.
    uniqueIndex('self_templates_default_uq')
      .on(t.tempType, t.suitType)
      .where(sql`${t.enableTemp} = '1'`),
  ],
);
