import {
  diagnosisResource,
  examItemResource,
  unionResource,
  userInfoRoute,
  type AnyResource,
} from '@checkup/api-contract';
import type { Query } from '../server/databases.js';
import type { MixRequest } from '../server/mix.js';
import { rng, shuffle } from '../shared/random.js';

/** The three large lists of 体检配置 and the columns their search words look in. */
export const LISTS = [
  {
    name: 'items',
    resource: examItemResource,
    table: 'exam_items',
    code: 'item_code',
    label: 'item_name',
    pinyin: null,
  },
  {
    name: 'unions',
    resource: unionResource,
    table: 'unions',
    code: 'union_code',
    label: 'union_name',
    pinyin: 'pinyin',
  },
  {
    name: 'words',
    resource: diagnosisResource,
    table: 'diagnoses',
    code: 'diag_code',
    label: 'diag_name',
    pinyin: 'pinyin',
  },
] as const;
export type ListName = (typeof LISTS)[number]['name'];
export const CALLS = ['page 1', 'page 50', 'by department', 'search'] as const;
export type CallName = (typeof CALLS)[number];

export interface CallMix {
  /** 'floor': the session check, no list (what any call through the BFF costs at least). */
  list: ListName | 'floor';
  call: CallName | 'user_info';
  requests: MixRequest[];
}

const SIZE = '20';
const KEYS_PER_KIND = 30;

const listPath = (resource: AnyResource, query: Record<string, string>) =>
  `${resource.routes.list.path}?${new URLSearchParams({ page: '1', size: SIZE, ...query }).toString()}`;

/**
 * What a user types into a list's search box, drawn from rows of the seeded table: the first 2–4
 * pinyin initials, the start of a code, two characters of a name. The same keys on every database.
 */
async function searchKeys(query: Query, list: (typeof LISTS)[number], seed: number) {
  const random = rng(seed);
  const columns = [list.code, list.label, list.pinyin ?? `''`].join(', ');
  const rows = await query(`SELECT ${columns} AS p FROM ${list.table} ORDER BY md5(${list.code}) LIMIT 200`);
  const keys: MixRequest[] = [];
  for (const [i, row] of rows.slice(0, KEYS_PER_KIND).entries()) {
    const code = String(row[list.code]);
    const name = String(row[list.label]);
    const at = Math.floor(random() * Math.max(1, name.length - 1));
    keys.push({ kind: 'code prefix', path: listPath(list.resource, { key: code.slice(0, 4 + (i % 3)) }) });
    keys.push({ kind: 'name part', path: listPath(list.resource, { key: name.slice(at, at + 2) }) });
    const pinyin = String(row.p ?? '');
    if (pinyin) keys.push({ kind: 'pinyin', path: listPath(list.resource, { key: pinyin.slice(0, 2 + (i % 3)) }) });
  }
  return shuffle(keys, random);
}

/** The four calls of each list: its first page, page 50, each department's first page, a search. */
export async function catalogueMixes(query: Query, seed: number): Promise<CallMix[]> {
  const depts = (await query('SELECT id FROM departments ORDER BY id')).map((r) => String(r.id));
  const mixes: CallMix[] = [
    { list: 'floor', call: 'user_info', requests: [{ kind: 'user_info', path: userInfoRoute.path }] },
  ];
  for (const [n, list] of LISTS.entries()) {
    const { resource } = list;
    mixes.push(
      { list: list.name, call: 'page 1', requests: [{ kind: 'page 1', path: listPath(resource, {}) }] },
      { list: list.name, call: 'page 50', requests: [{ kind: 'page 50', path: listPath(resource, { page: '50' }) }] },
      {
        list: list.name,
        call: 'by department',
        requests: depts.map((dept_id) => ({ kind: 'department', path: listPath(resource, { dept_id }) })),
      },
      { list: list.name, call: 'search', requests: await searchKeys(query, list, seed + n) },
    );
  }
  return mixes;
}
