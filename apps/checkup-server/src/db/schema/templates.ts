import { jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Self-defined print templates (exam_cfg/self_defined_template; spec §3 barcode template). */
export const selfTemplates = pgTable('self_templates', {
  id: serial('id').primaryKey(),
  /** barcode, guide_sheet, exam_report, … (the ten template types of spec §2) */
  tempType: varchar('temp_type', { length: 32 }).notNull(),
  tempName: varchar('temp_name', { length: 64 }).notNull(),
  tempConfig: jsonb('temp_config').notNull(),
  /** '1' the one in use for its type */
  enableTemp: varchar('enable_temp', { length: 1 }).notNull().default('0'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
