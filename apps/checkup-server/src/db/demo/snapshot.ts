import type { Db } from '../client.js';
import {
  departments,
  diagnoses,
  examItems,
  itemDiagRules,
  packages,
  packageUnions,
  unionItems,
  unionMutex,
  unions,
  workGroups,
} from '../schema.js';
import type { GenderLimit } from '../schema/catalogue.js';
import { DEMO_ITEMS } from './catalogue/demo-catalogue.js';
import type { ItemDef } from './catalogue/types.js';

type Bound = number | null;

export interface ItemInfo {
  id: number;
  code: string;
  name: string;
  deptId: number;
  kind: 'number' | 'text';
  unit: string | null;
  male: [Bound, Bound];
  female: [Bound, Bound];
  critical: [Bound, Bound];
  normalText: string | null;
  highWords: string | null;
  lowWords: string | null;
  /** How demo results are drawn; absent for an item a centre added itself. */
  def?: ItemDef;
}

export interface UnionInfo {
  id: number;
  code: string;
  name: string;
  deptId: number;
  cents: number;
  genderLimit: GenderLimit;
  imaging: boolean;
  items: ItemInfo[];
}

export interface PackageInfo {
  id: number;
  code: string;
  genderLimit: GenderLimit;
  cents: number;
  unions: UnionInfo[];
}

export interface DiagInfo {
  id: number;
  code: string;
  name: string;
  advice: string;
}

export interface DeptInfo {
  id: number;
  code: string;
  name: string;
  type: string;
}

/** The catalogue as the order generator needs it, read once from the database. */
export interface CatalogueSnapshot {
  depts: Map<number, DeptInfo>;
  unions: UnionInfo[];
  unionByCode: Map<string, UnionInfo>;
  packageByCode: Map<string, PackageInfo>;
  packageById: Map<number, PackageInfo>;
  /** `${unionId}:${otherId}` in both directions */
  mutex: Set<string>;
  /** `${itemId}:${direction}` */
  rules: Map<string, DiagInfo>;
  diagByCode: Map<string, DiagInfo>;
}

const bound = (value: string | null): Bound => (value === null ? null : Number(value));
const cents = (price: string) => Math.round(Number(price) * 100);

export async function loadCatalogueSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const defs = new Map(DEMO_ITEMS.map((d) => [d.code, d]));
  const depts = new Map(
    (await db.select().from(departments)).map((d) => [
      d.id,
      { id: d.id, code: d.deptCode, name: d.deptName, type: d.deptType },
    ]),
  );
  const imagingGroups = new Set((await db.select().from(workGroups)).filter((g) => g.isImaging).map((g) => g.id));
  const items = new Map<number, ItemInfo>();
  for (const row of await db.select().from(examItems)) {
    items.set(row.id, {
      id: row.id,
      code: row.itemCode,
      name: row.itemName,
      deptId: row.deptId,
      kind: row.resultType === 'number' ? 'number' : 'text',
      unit: row.unit,
      male: [bound(row.refLowMale), bound(row.refHighMale)],
      female: [bound(row.refLowFemale), bound(row.refHighFemale)],
      critical: [bound(row.criticalLow), bound(row.criticalHigh)],
      normalText: row.normalText,
      highWords: row.highWords,
      lowWords: row.lowWords,
      def: defs.get(row.itemCode),
    });
  }
  const unionRows = (await db.select().from(unions))
    .filter((u) => u.isActive)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const links = (await db.select().from(unionItems)).sort((a, b) => a.sort - b.sort || a.itemId - b.itemId);
  const unionList: UnionInfo[] = unionRows.map((u) => ({
    id: u.id,
    code: u.unionCode,
    name: u.unionName,
    deptId: u.deptId,
    cents: cents(u.price),
    genderLimit: u.genderLimit,
    imaging: u.workGroupId !== null && imagingGroups.has(u.workGroupId),
    items: links.filter((l) => l.unionId === u.id).map((l) => items.get(l.itemId)!),
  }));
  const unionById = new Map(unionList.map((u) => [u.id, u]));

  const packageLinks = await db.select().from(packageUnions);
  const packageList: PackageInfo[] = (await db.select().from(packages))
    .filter((p) => p.isActive)
    .map((p) => ({
      id: p.id,
      code: p.packageCode,
      genderLimit: p.genderLimit,
      cents: cents(p.price),
      unions: packageLinks
        .filter((l) => l.packageId === p.id)
        .map((l) => unionById.get(l.unionId))
        .filter((u): u is UnionInfo => u !== undefined)
        .sort((a, b) => unionList.indexOf(a) - unionList.indexOf(b)),
    }));

  const mutex = new Set<string>();
  for (const m of await db.select().from(unionMutex)) {
    mutex.add(`${m.unionId}:${m.mutexUnionId}`);
    mutex.add(`${m.mutexUnionId}:${m.unionId}`);
  }
  const diagList = (await db.select().from(diagnoses)).map((d) => ({
    id: d.id,
    code: d.diagCode,
    name: d.diagName,
    advice: d.advice,
  }));
  const diagById = new Map(diagList.map((d) => [d.id, d]));
  const rules = new Map<string, DiagInfo>();
  for (const r of await db.select().from(itemDiagRules)) {
    const diag = diagById.get(r.diagId);
    if (diag) rules.set(`${r.itemId}:${r.direction}`, diag);
  }

  return {
    depts,
    unions: unionList,
    unionByCode: new Map(unionList.map((u) => [u.code, u])),
    packageByCode: new Map(packageList.map((p) => [p.code, p])),
    packageById: new Map(packageList.map((p) => [p.id, p])),
    mutex,
    rules,
    diagByCode: new Map(diagList.map((d) => [d.code, d])),
  };
}
