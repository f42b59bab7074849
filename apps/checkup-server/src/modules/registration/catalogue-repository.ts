import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatAmount, type GenderLimitCode, type PackageOption, type UnionOption } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { departments, packageUnions, packages, unions } from '../../db/schema.js';
import { mutexUnionIds } from '../package/repository.js';

type Reader = Pick<Db, 'select'>;

/** Unions by id as the pickers and the selection rules see them (inactive ones are not offered). */
export async function unionOptions(db: Reader, ids: readonly number[]): Promise<Map<number, UnionOption>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: unions.id,
      unionName: unions.unionName,
      unionCode: unions.unionCode,
      price: unions.price,
      deptId: unions.deptId,
      deptName: departments.deptName,
      genderLimit: unions.genderLimit,
      specimen: unions.specimen,
    })
    .from(unions)
    .innerJoin(departments, eq(departments.id, unions.deptId))
    .where(and(inArray(unions.id, [...ids]), eq(unions.isActive, true)));
  const mutex = await mutexUnionIds(
    db as Db,
    rows.map((r) => r.id),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        union_name: r.unionName,
        union_code: r.unionCode,
        price: formatAmount(r.price),
        dept_id: r.deptId,
        dept_name: r.deptName,
        gender_limit: r.genderLimit,
        specimen: r.specimen,
        mutex_union_ids: mutex.get(r.id) ?? [],
      },
    ]),
  );
}

/** Active packages with their unions; with a sex, the packages limited to the other sex are left out. */
export async function packageOptions(
  db: Db,
  filter: { sex?: '1' | '2'; ids?: number[] } = {},
): Promise<PackageOption[]> {
  const conditions = [eq(packages.isActive, true)];
  if (filter.sex) conditions.push(inArray(packages.genderLimit, ['0', filter.sex]));
  if (filter.ids) conditions.push(inArray(packages.id, filter.ids));
  const rows = await db
    .select()
    .from(packages)
    .where(and(...conditions))
    .orderBy(asc(packages.id));
  if (rows.length === 0) return [];
  const links = await db
    .select({ packageId: packageUnions.packageId, unionId: packageUnions.unionId })
    .from(packageUnions)
    .where(
      inArray(
        packageUnions.packageId,
        rows.map((r) => r.id),
      ),
    );
  const options = await unionOptions(db, [...new Set(links.map((l) => l.unionId))]);
  return rows.map((p) => ({
    id: p.id,
    package_code: p.packageCode,
    package_name: p.packageName,
    price: formatAmount(p.price),
    gender_limit: p.genderLimit as GenderLimitCode,
    unions: links
      .filter((l) => l.packageId === p.id)
      .map((l) => options.get(l.unionId))
      .filter((u): u is UnionOption => u !== undefined)
      .sort((a, b) => a.dept_id - b.dept_id || a.id - b.id),
  }));
}
