import { boolean, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from './catalogue.js';
import { storedFiles } from './files.js';

/**
 * 菜单分类 (breadth §7): the centre's overrides of the route table's menu, one row per area, group or
 * screen that differs from the table (api-contract menu-settings.ts applies them). A row that is back
 * to the table's defaults is removed.
 */
export const menuSettings = pgTable('menu_settings', {
  id: serial('id').primaryKey(),
  /** An area key (exam_cfg) or a route's menu key (exam_cfg/his_sync). */
  menuKey: varchar('menu_key', { length: 128 }).notNull().unique(),
  /** An area's or group's own title; null keeps the table's. */
  title: varchar('title', { length: 16 }),
  /** Position among its siblings; null keeps the table's. */
  sort: integer('sort'),
  hidden: boolean('hidden').notNull().default(false),
  /** Offered on the home page; null keeps the table's. */
  quickAccess: boolean('quick_access'),
  ...recordColumns(),
});

/** 功能介绍 (breadth §7): the help document of one screen, shown by its FunctionHelpIcon (spec §5). */
export const functionIntros = pgTable('function_intros', {
  id: serial('id').primaryKey(),
  docName: varchar('doc_name', { length: 64 }).notNull(),
  /** The screen's menu key (exam_mg/order_mg): one document a screen. */
  uniqueKey: varchar('unique_key', { length: 128 }).notNull().unique(),
  /** 'pdf' (an uploaded file) or 'text' (plain text, shown as text). */
  docType: varchar('doc_type', { length: 8 }).notNull(),
  content: text('content'),
  fileId: integer('file_id').references(() => storedFiles.id),
  isActive: boolean('is_active').notNull().default(true),
  ...recordColumns(),
});
