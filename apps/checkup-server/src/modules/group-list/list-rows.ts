import {
  ageInYears,
  checkIdNumber,
  GROUP_LIST_COLUMNS,
  GROUP_LIST_MESSAGES as MSG,
  isValidPhone,
  type GroupListKind,
} from '@checkup/api-contract';

/** A row of the list as read: the template's columns by key, each trimmed text. */
export type ListCells = Record<string, string>;

/** A row that passed its checks, ready to be matched to a group and written. */
export interface ListPerson {
  line: number;
  custName: string;
  idCard: string;
  sex: '1' | '2';
  birthday: string;
  phone: string | null;
  marital: '0' | '1' | '2';
  deptName: string | null;
  employeeNo: string | null;
  groupCode: string | null;
  jobName: string | null;
  harmFactors: string[] | null;
  workYears: Record<string, string> | null;
  priceLimit: string | null;
  remark: string | null;
}

export type RowCheck = { ok: true; person: ListPerson } | { ok: false; reason: string };

const SEXES: Record<string, '1' | '2'> = { 男: '1', 女: '2', '1': '1', '2': '2' };
const MARITAL: Record<string, '0' | '1' | '2'> = { '': '0', 已婚: '1', 未婚: '2', '1': '1', '2': '2' };
const LIMITS: Record<string, number> = {
  cust_name: 64,
  dept_name: 64,
  employee_no: 32,
  group_code: 16,
  job_name: 64,
  remark: 200,
};

/** 2026-1-5, 2026/01/05 and 20260105 all read as 2026-01-05; anything else is null. */
function dayOf(text: string): string | null {
  const m = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(text);
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day ? null : day;
}

const orNull = (text: string | undefined) => (text ? text : null);

/**
 * One row's checks (breadth §2.7): the required cells, the ID number (GB 11643) agreeing with the sex
 * and birthday when those are given (and giving them when not), the phone, the codes typed as words.
 */
export function checkRow(kind: GroupListKind, line: number, cells: ListCells): RowCheck {
  const fail = (reason: string): RowCheck => ({ ok: false, reason });
  for (const column of GROUP_LIST_COLUMNS[kind]) {
    const value = cells[column.key] ?? '';
    if ('required' in column && column.required && value === '') return fail(MSG.required(column.title));
    const max = LIMITS[column.key];
    if (max !== undefined && [...value].length > max) return fail(MSG.tooLong(column.title, max));
  }
  const idCard = cells.id_card!.toUpperCase();
  const identity = checkIdNumber(idCard);
  if (!identity.ok) return fail(identity.message);
  let sex = identity.sex;
  if (cells.sex) {
    const given = SEXES[cells.sex];
    if (!given) return fail(MSG.sex);
    if (given !== identity.sex) return fail(MSG.sexMismatch);
    sex = given;
  }
  if (cells.birthday) {
    const day = dayOf(cells.birthday);
    if (!day) return fail(MSG.birthday);
    if (day !== identity.birthday) return fail(MSG.birthdayMismatch);
  }
  const phone = cells.phone ?? '';
  if (phone && !isValidPhone(phone)) return fail(MSG.phone);
  const marital = MARITAL[cells.marital ?? ''];
  if (!marital) return fail(MSG.marital);
  const priceLimit = cells.price_limit ?? '';
  if (priceLimit && !/^(0|[1-9]\d{0,7})(\.\d{1,2})?$/.test(priceLimit)) return fail(MSG.priceLimit);

  let workYears: Record<string, string> | null = null;
  if (kind === 'occupational') {
    for (const [key, title] of [
      ['total_months', '总工龄(月)'],
      ['harm_months', '接害工龄(月)'],
    ] as const) {
      if (cells[key] && !/^\d{1,4}$/.test(cells[key])) return fail(MSG.months(title));
    }
    if (cells.work_start && !dayOf(cells.work_start)) return fail('参加工作时间格式应为 年-月-日');
    workYears = Object.fromEntries(
      (['work_start', 'total_months', 'harm_months'] as const)
        .filter((k) => cells[k])
        .map((k) => [k, k === 'work_start' ? dayOf(cells[k]!)! : cells[k]!]),
    );
  }
  const harm = (cells.harm_factors ?? '')
    .split(/[,，、;；\s]+/)
    .map((h) => h.trim())
    .filter(Boolean);
  return {
    ok: true,
    person: {
      line,
      custName: cells.cust_name!,
      idCard,
      sex,
      birthday: identity.birthday,
      phone: phone || null,
      marital,
      deptName: orNull(cells.dept_name),
      employeeNo: orNull(cells.employee_no),
      groupCode: orNull(cells.group_code),
      jobName: orNull(cells.job_name),
      harmFactors: harm.length > 0 ? harm : null,
      workYears: workYears && Object.keys(workYears).length > 0 ? workYears : null,
      priceLimit: priceLimit || null,
      remark: orNull(cells.remark),
    },
  };
}

/** A group as the matching sees it. */
export interface MatchGroup {
  id: number;
  groupCode: string | null;
  genderLimit: string;
  maritalLimit: string;
  ageFrom: number | null;
  ageTo: number | null;
  priority: number;
  examType: string | null;
  paused: boolean;
}

export type GroupMatch = { ok: true; groupId: number } | { ok: false; reason: string };

/**
 * The group a person goes to (breadth §2.7 bindInfo): groups of the list's exam type, those of the
 * 组类 the row names if it names one, then the first — highest priority, then lowest id — whose sex,
 * marital and age conditions the person meets (age on the order's plan start). A paused group takes
 * nobody.
 */
export function matchGroup(
  person: Pick<ListPerson, 'sex' | 'birthday' | 'marital' | 'groupCode'>,
  groups: readonly MatchGroup[],
  order: { examType: string; planFrom: string },
  kind: GroupListKind,
): GroupMatch {
  const ofType = groups.filter((g) => {
    const type = g.examType ?? order.examType;
    return type === 'both' || type === kind;
  });
  let candidates = ofType;
  if (person.groupCode) {
    candidates = ofType.filter((g) => g.groupCode === person.groupCode);
    if (candidates.length === 0) return { ok: false, reason: MSG.noCode(person.groupCode) };
    if (candidates.every((g) => g.paused)) return { ok: false, reason: MSG.pausedCode(person.groupCode) };
  }
  const age = ageInYears(person.birthday, order.planFrom);
  const found = candidates
    .filter((g) => !g.paused)
    .sort((a, b) => b.priority - a.priority || a.id - b.id)
    .find(
      (g) =>
        (g.genderLimit === '0' || g.genderLimit === person.sex) &&
        (g.maritalLimit === '0' || g.maritalLimit === person.marital) &&
        (g.ageFrom === null || age >= g.ageFrom) &&
        (g.ageTo === null || age <= g.ageTo),
    );
  return found ? { ok: true, groupId: found.id } : { ok: false, reason: MSG.noGroup };
}
