import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { groupPersons } from './people.js';

/**
 * 团检登记名单's 批量打印 (issue 22, breadth §2.7 打印 / 打印次数): one row each time the desk's print
 * path printed a person's guide sheet or label set from the list.
 */
export const groupRegisterPrints = pgTable(
  'group_register_prints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => groupPersons.id),
    orderId: varchar('order_id', { length: 20 }).notNull(),
    /** guide_sheet or labels (GROUP_PRINT_KINDS) */
    kind: varchar('kind', { length: 16 }).notNull(),
    printedBy: integer('printed_by'),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('group_register_prints_person_idx').on(t.personId)],
);
