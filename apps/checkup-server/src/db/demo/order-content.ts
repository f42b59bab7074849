import { splitPackagePrice } from '@checkup/api-contract';
import type { DemoGroup } from './companies.js';
import { ageOn, generatePerson, type PersonDraft, type Sex } from './people.js';
import type { Rng } from './prng.js';
import type { CatalogueSnapshot, PackageInfo, UnionInfo } from './snapshot.js';

/** An examinee of the run: a new person (id given before the batch is written) or one seen before. */
export interface CustomerRef {
  id: number;
  draft: PersonDraft | null;
  sex: Sex;
  birthday: string;
}

export type ExamType = 'health' | 'occupational' | 'entry' | 'health_card';

export interface OrderedUnion {
  union: UnionInfo;
  cents: number;
  origin: 'package' | 'extra';
}

/** Who is examined, what was ordered and what it costs. */
export interface OrderContent {
  examType: ExamType;
  customer: CustomerRef;
  age: number;
  group: DemoGroup | null;
  harmFactors: string[] | null;
  pkg: PackageInfo | null;
  unions: OrderedUnion[];
  totalCents: number;
}

export interface ContentContext {
  catalogue: CatalogueSnapshot;
  groups: DemoGroup[];
  today: string;
  /** Earlier examinees of this run, some of whom come back. */
  pool: CustomerRef[];
}

const EXAM_TYPES = [
  ['health', 62],
  ['entry', 15],
  ['occupational', 12],
  ['health_card', 11],
] as const;
const EXTRA_COUNT = [
  [0, 50],
  [1, 25],
  [2, 15],
  [3, 10],
] as const;
const REPEAT_SHARE = 0.1;

function allowed(union: UnionInfo, sex: Sex, chosen: readonly UnionInfo[], mutex: Set<string>): boolean {
  if (union.genderLimit !== '0' && union.genderLimit !== sex) return false;
  return chosen.every((c) => c.id !== union.id && !mutex.has(`${c.id}:${union.id}`));
}

/**
 * The package price shared among its unions by the desk's rule (contract splitPackagePrice: in
 * proportion to their list prices, the residue on the dearest), so an order's total is always the sum
 * of its order_unions prices.
 */
export function packagePrices(pkg: PackageInfo, unions: readonly UnionInfo[]): number[] {
  return splitPackagePrice(
    pkg.cents,
    unions.map((u) => u.cents),
  );
}

function newCustomer(rng: Rng, today: string, sex: Sex | undefined, minAge: number, maxAge: number): CustomerRef {
  const draft = generatePerson(rng, { today, sex, minAge, maxAge });
  return { id: 0, draft, sex: draft.sex, birthday: draft.birthday };
}

/** Who comes, and under which company group, for an exam type. */
function chooseExaminee(
  rng: Rng,
  ctx: ContentContext,
  examType: ExamType,
): { customer: CustomerRef; group: DemoGroup | null } {
  const exposedGroups = ctx.groups.filter((g) => g.harmFactors !== null);
  if (examType === 'occupational') {
    // Exposed jobs in these factories are mostly held by men.
    return {
      customer: newCustomer(rng, ctx.today, rng.chance(0.75) ? '1' : '2', 20, 58),
      group: rng.pick(exposedGroups),
    };
  }
  if (examType === 'entry') return { customer: newCustomer(rng, ctx.today, undefined, 18, 35), group: null };
  if (examType === 'health_card') return { customer: newCustomer(rng, ctx.today, undefined, 18, 55), group: null };
  if (rng.chance(0.35)) {
    const sex: Sex = rng.chance(0.52) ? '2' : '1';
    const fits = ctx.groups.filter((g) => g.harmFactors === null && (g.genderLimit === '0' || g.genderLimit === sex));
    if (fits.length > 0) return { customer: newCustomer(rng, ctx.today, sex, 22, 60), group: rng.pick(fits) };
  }
  const repeat = ctx.pool.length > 0 && rng.chance(REPEAT_SHARE);
  return { customer: repeat ? rng.pick(ctx.pool) : newCustomer(rng, ctx.today, undefined, 18, 75), group: null };
}

function choosePackage(
  rng: Rng,
  catalogue: CatalogueSnapshot,
  examType: ExamType,
  group: DemoGroup | null,
  customer: CustomerRef,
  age: number,
) {
  let code: string | undefined;
  if (examType === 'entry') code = 'RZTJ';
  else if (examType === 'health_card') code = 'JKZ';
  else if (!group && rng.chance(0.95))
    code = age >= 45 && rng.chance(0.5) ? 'ZLNTJ' : customer.sex === '1' ? 'JCTJ-M' : 'JCTJ-F';
  const pkg = group?.packageId
    ? catalogue.packageById.get(group.packageId)
    : code
      ? catalogue.packageByCode.get(code)
      : undefined;
  return pkg && (pkg.genderLimit === '0' || pkg.genderLimit === customer.sex) ? pkg : null;
}

export function buildContent(rng: Rng, ctx: ContentContext, examDate: string): OrderContent {
  const { catalogue } = ctx;
  let examType: ExamType = rng.weighted(EXAM_TYPES);
  if (examType === 'occupational' && !ctx.groups.some((g) => g.harmFactors !== null)) examType = 'health';
  const { customer, group } = chooseExaminee(rng, ctx, examType);
  if (customer.draft && !group) ctx.pool.push(customer);
  const age = ageOn(customer.birthday, examDate);
  const pkg = choosePackage(rng, catalogue, examType, group, customer, age);

  const unions: OrderedUnion[] = [];
  if (pkg) {
    const included = pkg.unions.filter((u) => allowed(u, customer.sex, [], catalogue.mutex));
    packagePrices(pkg, included).forEach((cents, i) => unions.push({ union: included[i]!, cents, origin: 'package' }));
  }
  // Individual visitors add items at the desk; a visit without a package is all extras.
  const extraCount = group || examType === 'health_card' ? 0 : pkg ? rng.weighted(EXTRA_COUNT) : rng.int(3, 7);
  let added = 0;
  for (const union of rng.sample(catalogue.unions, catalogue.unions.length)) {
    if (added >= extraCount) break;
    if (
      !allowed(
        union,
        customer.sex,
        unions.map((u) => u.union),
        catalogue.mutex,
      )
    )
      continue;
    unions.push({ union, cents: union.cents, origin: 'extra' });
    added++;
  }
  return {
    examType,
    customer,
    age,
    group,
    harmFactors: group?.harmFactors ?? null,
    pkg,
    unions,
    totalCents: unions.reduce((sum, u) => sum + u.cents, 0),
  };
}
