import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { departments, packageUnions, unionMutex, unions } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

/** LIKE wildcards in a key are matched as typed (PostgreSQL's default escape is the backslash). */

export interface UnionSearch {
  key?: string;
  sex?: '1' | '2';
  packageId?: number;
  limit: number;
}

/** Active unions matching the key: name contains it, or code or pinyin initials start with it. */
export async function searchUnions(db: Db, search: UnionSearch) {
  const conditions: (SQL | undefined)[] = [eq(unions.isActive, true)];
  if (search.key) {
    const key = escapeLike(search.key);
    conditions.push(
      or(ilike(unions.unionName, `%${key}%`), ilike(unions.unionCode, `${key}%`), ilike(unions.pinyin, `${key}%`)),
    );
  }
  // Spec §5: a union limited to the other sex cannot be chosen for this examinee.
  if (search.sex) conditions.push(inArray(unions.genderLimit, ['0', search.sex]));
  if (search.packageId !== undefined) {
    const inPackage = db
      .select({ unionId: packageUnions.unionId })
      .from(packageUnions)
      .where(eq(packageUnions.packageId, search.packageId));
    conditions.push(inArray(unions.id, inPackage));
  }
  return db
    .select({
      id: unions.id,
      unionName: unions.unionName,
      unionCode: unions.unionCode,
      price: unions.price,
      deptId: unions.deptId,
      deptName: departments.deptName,
      genderLimit: unions.genderLimit,
      specimen: unions.specimen,
      noDiscount: unions.noDiscount,
    })
    .from(unions)
    .innerJoin(departments, eq(unions.deptId, departments.id))
    .where(and(...conditions))
    .orderBy(asc(unions.sort), asc(unions.id))
    .limit(search.limit);
}

/** For each of `unionIds`, the unions it excludes; a pair is stored once, so both columns are read. */
export async function mutexUnionIds(db: Db, unionIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(unionIds.map((id) => [id, []]));
  if (unionIds.length === 0) return result;
  const pairs = await db
    .select()
    .from(unionMutex)
    .where(or(inArray(unionMutex.unionId, unionIds), inArray(unionMutex.mutexUnionId, unionIds)));
  for (const { unionId, mutexUnionId } of pairs) {
    result.get(unionId)?.push(mutexUnionId);
    result.get(mutexUnionId)?.push(unionId);
  }
  for (const ids of result.values()) ids.sort((a, b) => a - b);
  return result;
}
