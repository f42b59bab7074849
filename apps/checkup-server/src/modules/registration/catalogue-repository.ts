import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatAmount, type GenderLimitCode, type PackageOption, type UnionOption } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import {
  departments,
  packageOptionGroups,
  packageOptionUnions,
  packageUnions,
  packages,
  unions,
} from '../../db/schema.js';
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
      noDiscount: unions.noDiscount,
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
        no_discount: r.noDiscount,
      },
    ]),
  );
}

/** Active packages with their unions and optional groups; with a sex, the packages limited to the other sex are left out. */
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
  const groups = await db
    .select({
      id: packageOptionGroups.id,
      packageId: packageOptionGroups.packageId,
      groupName: packageOptionGroups.groupName,
      unionId: packageOptionUnions.unionId,
    })
    .from(packageOptionGroups)
    .innerJoin(packageOptionUnions, eq(packageOptionUnions.groupId, packageOptionGroups.id))
    .where(
      inArray(
        packageOptionGroups.packageId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(packageOptionGroups.sort), asc(packageOptionGroups.id), asc(packageOptionUnions.unionId));
  const options = await unionOptions(db, [...new Set([...links, ...groups].map((l) => l.unionId))]);
  const unionsOf = (ids: number[]) =>
    ids
      .map((id) => options.get(id))
      .filter((u): u is UnionOption => u !== undefined)
      .sort((a, b) => a.dept_id - b.dept_id || a.id - b.id);
  return rows.map((p) => {
    const mine = groups.filter((g) => g.packageId === p.id);
    const groupIds = [...new Set(mine.map((g) => g.id))];
    return {
      id: p.id,
      package_code: p.packageCode,
      package_name: p.packageName,
      price: formatAmount(p.price),
      gender_limit: p.genderLimit as GenderLimitCode,
      age_min: p.ageMin,
      age_max: p.ageMax,
      unions: unionsOf(links.filter((l) => l.packageId === p.id).map((l) => l.unionId)),
      // A group whose alternatives are all disabled is not offered (nothing could be chosen from it).
      option_groups: groupIds
        .map((id) => {
          const own = mine.filter((g) => g.id === id);
          return { id, group_name: own[0]!.groupName, unions: unionsOf(own.map((g) => g.unionId)) };
        })
        .filter((g) => g.unions.length > 0),
    };
  });
}
