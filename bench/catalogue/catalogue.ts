import type { Query } from '../server/databases.js';
import { pick, rng, shuffle } from '../shared/random.js';
import {
  ADVICE,
  ANALYTES,
  EXAMS,
  FINDINGS,
  GUIDANCE,
  METHODS,
  nameOf,
  ORGANS,
  QUALIFIERS,
  SPECIMENS,
  UNITS,
  type Part,
} from './words.js';

export interface Scale {
  items: number;
  unions: number;
  words: number;
}

/** Every combination of the lists, in a fixed shuffled order. */
function combinations(random: () => number, ...lists: Part[][]): Part[][] {
  let out: Part[][] = [[]];
  for (const list of lists) out = out.flatMap((prefix) => list.map((part) => [...prefix, part]));
  return shuffle(out, random);
}

/** n names from the combinations, repeating them when there are fewer (items and unions may share names). */
const take = (all: Part[][], n: number) => Array.from({ length: n }, (_, i) => nameOf(...all[i % all.length]!));

/** One statement per table, the rows as one JSON parameter: the same SQL on PGlite and PostgreSQL. */
async function insertJson(query: Query, table: string, columns: Record<string, string>, rows: object[]) {
  const names = Object.keys(columns);
  const typed = names.map((n) => `${n} ${columns[n]}`).join(', ');
  for (let i = 0; i < rows.length; i += 5_000) {
    await query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM json_to_recordset($1::json) AS r(${typed})`,
      [JSON.stringify(rows.slice(i, i + 5_000))],
    );
  }
}

const code = (prefix: string, n: number) => `${prefix}${String(n + 1).padStart(5, '0')}`;

/**
 * Adds the bulk catalogue next to the demo one the seed wrote: basic items, unions holding 3–8 of
 * them, and conclusion words with unique names, spread over the demo departments. Codes start with
 * BI, BU and BD so they never meet the demo codes.
 */
export async function seedCatalogue(query: Query, scale: Scale, seed: number): Promise<Record<string, number>> {
  const random = rng(seed);
  const depts = (await query('SELECT id FROM departments ORDER BY id')).map((r) => Number(r.id));
  const taken = new Set((await query('SELECT diag_name FROM diagnoses')).map((r) => String(r.diag_name)));

  const items = take(combinations(random, SPECIMENS, ANALYTES, METHODS), scale.items).map((n, i) => {
    const low = Math.round(random() * 50) / 10;
    return {
      item_code: code('BI', i),
      item_name: n.name,
      dept_id: pick(depts, random),
      result_type: i % 5 === 4 ? 'text' : 'number',
      unit: pick(UNITS, random),
      ref_low_male: low,
      ref_high_male: low + 5,
      ref_low_female: low,
      ref_high_female: low + 4.5,
      normal_text: '未见异常',
      external_code: `LIS${i + 1}`,
      sort: i,
    };
  });
  await insertJson(
    query,
    'exam_items',
    {
      item_code: 'text',
      item_name: 'text',
      dept_id: 'int',
      result_type: 'text',
      unit: 'text',
      ref_low_male: 'numeric',
      ref_high_male: 'numeric',
      ref_low_female: 'numeric',
      ref_high_female: 'numeric',
      normal_text: 'text',
      external_code: 'text',
      sort: 'int',
    },
    items,
  );

  const unions = take(combinations(random, ORGANS, EXAMS, QUALIFIERS.slice(0, 5)), scale.unions).map((n, i) => ({
    union_code: code('BU', i),
    union_name: n.name,
    pinyin: n.pinyin,
    dept_id: pick(depts, random),
    price: (Math.round(random() * 600) * 5 + 500) / 100,
    gender_limit: pick(['0', '0', '0', '1', '2'], random),
    sort: i,
  }));
  await insertJson(
    query,
    'unions',
    {
      union_code: 'text',
      union_name: 'text',
      pinyin: 'text',
      dept_id: 'int',
      price: 'numeric',
      gender_limit: 'text',
      sort: 'int',
    },
    unions,
  );
  const unionIds = await query(`SELECT id FROM unions WHERE union_code LIKE 'BU%' ORDER BY id`);
  const itemIds = (await query(`SELECT id FROM exam_items WHERE item_code LIKE 'BI%' ORDER BY id`)).map((r) =>
    Number(r.id),
  );
  // 3–8 distinct basic items per union, in the order they are listed.
  const unionItems = unionIds.flatMap((u) => {
    const chosen = new Set<number>();
    const n = 3 + Math.floor(random() * 6);
    while (chosen.size < n) chosen.add(pick(itemIds, random));
    return [...chosen].map((item_id, sort) => ({ union_id: Number(u.id), item_id, sort }));
  });
  await insertJson(query, 'union_items', { union_id: 'int', item_id: 'int', sort: 'int' }, unionItems);

  const names = combinations(random, ORGANS, FINDINGS, QUALIFIERS)
    .map((parts) => nameOf(...parts))
    .filter((n) => !taken.has(n.name))
    .slice(0, scale.words);
  const words = names.map((n, i) => ({
    diag_code: code('BD', i),
    diag_name: n.name,
    pinyin: n.pinyin,
    dept_id: pick(depts, random),
    advice: pick(ADVICE, random),
    life_guidance: pick(GUIDANCE, random),
    serious_type: i % 50 === 0 ? '1' : '0',
  }));
  await insertJson(
    query,
    'diagnoses',
    {
      diag_code: 'text',
      diag_name: 'text',
      pinyin: 'text',
      dept_id: 'int',
      advice: 'text',
      life_guidance: 'text',
      serious_type: 'text',
    },
    words,
  );
  const counts = await query(`SELECT (SELECT count(*) FROM exam_items)::int AS items,
    (SELECT count(*) FROM unions)::int AS unions, (SELECT count(*) FROM union_items)::int AS union_items,
    (SELECT count(*) FROM diagnoses)::int AS words`);
  return Object.fromEntries(Object.entries(counts[0]!).map(([k, v]) => [k, Number(v)]));
}
