import { checkIdNumber } from './validators.js';

/**
 * Spec §5 library and selection rules of the registration desk, written once: the web checks a
 * choice as the clerk makes it, and the server checks the whole order again before it is saved.
 */

/** '0' either sex, '1' male only, '2' female only. */
export type GenderLimitCode = '0' | '1' | '2';
export type SexCode = '1' | '2';

export interface SelectableUnion {
  id: number;
  union_name: string;
  gender_limit: GenderLimitCode;
  /** Unions that may not be ordered with this one, either direction. */
  mutex_union_ids: readonly number[];
}

export interface SelectablePackage {
  package_name: string;
  gender_limit: GenderLimitCode;
  /** The ages the package is for; null (or absent) is no limit on that side. */
  age_min?: number | null;
  age_max?: number | null;
}

/** 可选组 (issue 19): alternative unions of a package, of which the examinee takes exactly one. */
export interface SelectableOptionGroup {
  group_name: string;
  union_ids: readonly number[];
}

export const SELECTION_MESSAGES = {
  alreadySelected: (union: string) => `组合项目「${union}」已选择，不能重复选择`,
  mutex: (union: string, other: string) => `组合项目「${union}」与已选的「${other}」互斥，不能同时选择`,
  unionGender: (union: string) => `组合项目「${union}」与体检者性别不符，不能选择`,
  packageGender: (pkg: string) => `套餐「${pkg}」与体检者性别不符，请确认后再登记`,
  packageGenderAsk: (pkg: string) => `套餐「${pkg}」与体检者性别不符，确定仍然选择吗？`,
  packageAge: (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? `需要体检者的年龄在${min}岁-${max}岁之间！`
      : min !== null
        ? `需要体检者的年龄在${min}岁及以上！`
        : `需要体检者的年龄在${max}岁及以下！`,
  optionChooseOne: (group: string) => `「可选组：${group}」须选择一项`,
  optionOnlyOne: (group: string) => `「可选组：${group}」只能选择一项`,
  optionUnknown: '所选可选项目不属于该套餐',
  nothingChosen: '请选择套餐或项目',
  sexFirst: '请先选择性别',
} as const;

export type SelectionCheck = { ok: true } | { ok: false; msg: string };

const OK: SelectionCheck = { ok: true };
const refuse = (msg: string): SelectionCheck => ({ ok: false, msg });

/** Whether a gender limit allows an examinee of this sex. */
export const genderAllows = (limit: GenderLimitCode, sex: SexCode) => limit === '0' || limit === sex;

/**
 * A package for this examinee: its gender limit must allow the sex unless the clerk confirmed the
 * mismatch (issue 19: asked, not refused; the server audits the confirmation), and the age must be
 * within its range (refused).
 */
export function checkPackageChoice(
  pkg: SelectablePackage,
  sex: SexCode,
  opts: { genderConfirmed?: boolean; age?: number } = {},
): SelectionCheck {
  if (!opts.genderConfirmed && !genderAllows(pkg.gender_limit, sex))
    return refuse(SELECTION_MESSAGES.packageGender(pkg.package_name));
  return opts.age === undefined ? OK : checkPackageAge(pkg, opts.age);
}

/** The package's age range (packages.age_min / age_max, either side open). */
export function checkPackageAge(pkg: SelectablePackage, age: number): SelectionCheck {
  const min = pkg.age_min ?? null;
  const max = pkg.age_max ?? null;
  if ((min !== null && age < min) || (max !== null && age > max))
    return refuse(SELECTION_MESSAGES.packageAge(min, max));
  return OK;
}

/** Exactly one union per optional group, and nothing chosen from outside the package's groups. */
export function checkOptionGroups(
  groups: readonly SelectableOptionGroup[],
  chosenIds: readonly number[],
): SelectionCheck {
  for (const group of groups) {
    const picked = chosenIds.filter((id) => group.union_ids.includes(id)).length;
    if (picked === 0) return refuse(SELECTION_MESSAGES.optionChooseOne(group.group_name));
    if (picked > 1) return refuse(SELECTION_MESSAGES.optionOnlyOne(group.group_name));
  }
  if (chosenIds.some((id) => !groups.some((g) => g.union_ids.includes(id))))
    return refuse(SELECTION_MESSAGES.optionUnknown);
  return OK;
}

/** One more union next to those already chosen (the package's and the extras). */
export function checkUnionAddition(
  chosen: readonly SelectableUnion[],
  candidate: SelectableUnion,
  sex: SexCode,
): SelectionCheck {
  if (chosen.some((u) => u.id === candidate.id))
    return refuse(SELECTION_MESSAGES.alreadySelected(candidate.union_name));
  const clash = chosen.find(
    (u) => candidate.mutex_union_ids.includes(u.id) || u.mutex_union_ids.includes(candidate.id),
  );
  if (clash) return refuse(SELECTION_MESSAGES.mutex(candidate.union_name, clash.union_name));
  if (!genderAllows(candidate.gender_limit, sex)) return refuse(SELECTION_MESSAGES.unionGender(candidate.union_name));
  return OK;
}

export interface OrderSelection {
  sex: SexCode;
  pkg: SelectablePackage | null;
  /** The package's fixed unions and the ones chosen from its optional groups. */
  packageUnions: readonly SelectableUnion[];
  extraUnions: readonly SelectableUnion[];
  /** The package's optional groups and the unions chosen from them (ids also in packageUnions). */
  optionGroups?: readonly SelectableOptionGroup[];
  chosenOptionIds?: readonly number[];
  /** The examinee's age on the exam day: the package's range is checked when given. */
  age?: number;
  genderConfirmed?: boolean;
}

/** The whole choice of one order, as the server checks it before saving: the first refusal wins. */
export function checkOrderSelection(selection: OrderSelection): SelectionCheck {
  if (!selection.pkg && selection.extraUnions.length === 0) return refuse(SELECTION_MESSAGES.nothingChosen);
  if (selection.pkg) {
    const pkgCheck = checkPackageChoice(selection.pkg, selection.sex, selection);
    if (!pkgCheck.ok) return pkgCheck;
    const options = checkOptionGroups(selection.optionGroups ?? [], selection.chosenOptionIds ?? []);
    if (!options.ok) return options;
  }
  const chosen: SelectableUnion[] = [...selection.packageUnions];
  for (const union of selection.extraUnions) {
    const check = checkUnionAddition(chosen, union, selection.sex);
    if (!check.ok) return check;
    chosen.push(union);
  }
  return OK;
}

/** Package price plus the extras, in cents so that sums stay exact; answered with two decimals. */
export function orderTotal(packagePrice: string | number | null, extraPrices: readonly (string | number)[]): string {
  const cents = (value: string | number) => Math.round(Number(value) * 100);
  const total = extraPrices.reduce<number>(
    (sum, price) => sum + cents(price),
    packagePrice === null ? 0 : cents(packagePrice),
  );
  return (total / 100).toFixed(2);
}

export const IDENTITY_MESSAGES = {
  sexMismatch: '性别与身份证号码不符，请核对',
  birthdayMismatch: '出生日期与身份证号码不符，请核对',
} as const;

/** An ID number, when given, must agree with the sex and birthday typed or read (GB 11643). */
export function checkIdentity(idNumber: string, sex: SexCode, birthday: string): SelectionCheck {
  const checked = checkIdNumber(idNumber);
  if (!checked.ok) return refuse(checked.message);
  if (checked.sex !== sex) return refuse(IDENTITY_MESSAGES.sexMismatch);
  if (checked.birthday !== birthday) return refuse(IDENTITY_MESSAGES.birthdayMismatch);
  return OK;
}

/** Whole years on `on` (YYYY-MM-DD) from a YYYY-MM-DD birthday. */
export function ageInYears(birthday: string, on: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const before = m < bm || (m === bm && d < bd);
  return Math.max(0, y - by - (before ? 1 : 0));
}

/** Names of the specimen codes of unions.specimen, for labels and screens; an unknown code shows as is. */
export const SPECIMEN_NAMES: Record<string, string> = {
  blood: '血液',
  urine: '尿液',
  stool: '粪便',
  secretion: '分泌物',
};

export const specimenName = (code: string | null) => (code ? (SPECIMEN_NAMES[code] ?? code) : '');
