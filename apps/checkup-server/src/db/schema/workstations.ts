import { sql } from 'drizzle-orm';
import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { WorkstationOverrides } from '@checkup/api-contract';

/**
 * Workstations (打印配置): a browser's own id, made and kept in its local storage, and the name its
 * user gave it once; `overrides` holds the print and reader settings it sets over the centre's.
 */
export const workstations = pgTable('workstations', {
  id: varchar('id', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  overrides: jsonb('overrides')
    .$type<WorkstationOverrides>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
