import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, examItems } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

export interface SysItemSearch {
  deptId?: number;
  key?: string;
}

/** Basic items in department order, then the item's own order. */
export async function listSysItems(db: Db, search: SysItemSearch) {
  const conditions: (SQL | undefined)[] = [];
  if (search.deptId !== undefined) conditions.push(eq(examItems.deptId, search.deptId));
  if (search.key) {
    const key = escapeLike(search.key);
    conditions.push(or(ilike(examItems.itemName, `%${key}%`), ilike(examItems.itemCode, `${key}%`)));
  }
  return db
    .select({
      id: examItems.id,
      itemCode: examItems.itemCode,
      itemName: examItems.itemName,
      deptId: examItems.deptId,
      deptName: departments.deptName,
      unit: examItems.unit,
      resultType: examItems.resultType,
      refLowMale: examItems.refLowMale,
      refHighMale: examItems.refHighMale,
      refLowFemale: examItems.refLowFemale,
      refHighFemale: examItems.refHighFemale,
    })
    .from(examItems)
    .innerJoin(departments, eq(examItems.deptId, departments.id))
    .where(and(...conditions))
    .orderBy(asc(departments.sort), asc(departments.id), asc(examItems.sort), asc(examItems.id));
}
