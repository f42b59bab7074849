import { judgeResult, refRangeText, type AbnormalFlag, type ItemRule } from '@checkup/api-contract';
import type { Distribution } from './catalogue/types.js';
import type { Sex } from './people.js';
import type { Rng } from './prng.js';
import type { CatalogueSnapshot, DiagInfo, ItemInfo, UnionInfo } from './snapshot.js';

export interface DrawnResult {
  item: ItemInfo;
  union: UnionInfo;
  value: string;
  flag: AbnormalFlag;
  critical: boolean;
}

/** Share of visits with results that have one value beyond a critical limit (危急值). */
const CRITICAL_SHARE = 0.012;

/** Blood pressure and glucose rise with age; without it the 70-year-olds would look like students. */
const AGE_DRIFT: Record<string, number> = { SBP: 0.55, DBP: 0.2, GLU: 0.012, TC: 0.01, 'VA-L': -0.006, 'VA-R': -0.006 };

function draw(rng: Rng, dist: Distribution): number {
  return dist.skew ? dist.mean * Math.exp(rng.normal(0, dist.sd / dist.mean)) : rng.normal(dist.mean, dist.sd);
}

function round(value: number, decimals: number, clamp: readonly [number | null, number | null] = [0, null]): string {
  const [min, max] = clamp;
  return Math.min(max ?? Infinity, Math.max(min ?? 0, value)).toFixed(decimals);
}

export function rangeFor(item: ItemInfo, sex: Sex): [number | null, number | null] {
  return sex === '1' ? item.male : item.female;
}

/** The rule the department screen judges by (contract result-judgement), so flags agree with it. */
function ruleFor(item: ItemInfo, sex: Sex): ItemRule {
  const [refLow, refHigh] = rangeFor(item, sex);
  const [criticalLow, criticalHigh] = item.critical;
  return { resultType: item.kind, refLow, refHigh, criticalLow, criticalHigh, normalText: item.normalText };
}

/** The range stored with a result, as the department screen stores it (empty for a text item). */
export function storedRefRange(item: ItemInfo, sex: Sex): string {
  const [low, high] = rangeFor(item, sex);
  return refRangeText(low, high);
}

function judge(item: ItemInfo, sex: Sex, value: string): { flag: AbnormalFlag; critical: boolean } {
  const verdict = judgeResult(ruleFor(item, sex), value);
  return { flag: verdict.flag, critical: verdict.critical !== null };
}

function numberValue(rng: Rng, item: ItemInfo, sex: Sex, age: number, body: Map<string, number>): number {
  const def = item.def?.kind === 'number' ? item.def : undefined;
  if (!def) {
    const [low, high] = rangeFor(item, sex);
    return low !== null && high !== null ? low + (high - low) * rng.next() : (high ?? low ?? 0);
  }
  // Weight and BMI follow from height, so the three agree on every report.
  if (item.code === 'WEIGHT' && body.has('HEIGHT')) return body.get('BMI')! * (body.get('HEIGHT')! / 100) ** 2;
  if (item.code === 'BMI' && body.has('WEIGHT')) return body.get('WEIGHT')! / (body.get('HEIGHT')! / 100) ** 2;
  const dist = sex === '2' && def.distFemale ? def.distFemale : def.dist;
  return draw(rng, dist) + (AGE_DRIFT[item.code] ?? 0) * Math.max(0, age - 35);
}

function textValue(rng: Rng, item: ItemInfo): string {
  const findings = item.def?.kind === 'text' ? item.def.findings : [];
  let roll = rng.next();
  for (const finding of findings) {
    roll -= finding.rate;
    if (roll < 0) return finding.text;
  }
  return item.normalText ?? '未见明显异常';
}

/** Results of the given unions: values drawn per item, flagged against the examinee's ranges. */
export function drawResults(rng: Rng, unions: readonly UnionInfo[], sex: Sex, age: number): DrawnResult[] {
  const results: DrawnResult[] = [];
  const body = new Map<string, number>();
  const seen = new Set<number>();
  for (const union of unions) {
    // The BMI of the body measures is drawn first; height and weight are fitted to it.
    const bmiDef = union.items.find((i) => i.code === 'BMI')?.def;
    if (bmiDef?.kind === 'number')
      body.set('BMI', draw(rng, sex === '2' && bmiDef.distFemale ? bmiDef.distFemale : bmiDef.dist));
    for (const item of union.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      if (item.kind === 'text') {
        const value = textValue(rng, item);
        results.push({ item, union, value, ...judge(item, sex, value) });
        continue;
      }
      const def = item.def?.kind === 'number' ? item.def : undefined;
      const value = round(numberValue(rng, item, sex, age, body), def?.decimals ?? 2, def?.clamp);
      body.set(item.code, Number(value));
      results.push({ item, union, value, ...judge(item, sex, value) });
    }
  }
  if (rng.chance(CRITICAL_SHARE)) raiseCritical(rng, results, sex);
  return results;
}

/** Pushes one value with a critical limit beyond it, as the rare emergency a centre must report. */
function raiseCritical(rng: Rng, results: DrawnResult[], sex: Sex): void {
  const candidates = results.filter((r) => r.item.critical[0] !== null || r.item.critical[1] !== null);
  if (candidates.length === 0) return;
  const result = rng.pick(candidates);
  const [critLow, critHigh] = result.item.critical;
  const decimals = result.item.def?.kind === 'number' ? result.item.def.decimals : 2;
  const step = 10 ** -decimals;
  const value =
    critHigh !== null && (critLow === null || rng.chance(0.6))
      ? critHigh * (1.02 + rng.next() * 0.25) + step
      : critLow! * (0.55 + rng.next() * 0.4) - step;
  result.value = round(value, decimals);
  Object.assign(result, judge(result.item, sex, result.value));
}

/** The dictionary diagnosis an abnormal result suggests: by its finding, else by item_diag_rules. */
export function diagnosisFor(result: DrawnResult, catalogue: CatalogueSnapshot): DiagInfo | undefined {
  if (result.flag === '') return undefined;
  // A finding the demo catalogue knows says itself whether it means something (牙列缺损 does not).
  const finding =
    result.item.def?.kind === 'text' ? result.item.def.findings.find((f) => f.text === result.value) : undefined;
  if (finding) return finding.diag ? catalogue.diagByCode.get(finding.diag) : undefined;
  return catalogue.rules.get(`${result.item.id}:${result.flag}`);
}

/** A department summary line, worded as match_diag_by_union words it ('谷丙转氨酶 偏高'). */
export function summaryLine(result: DrawnResult): string {
  const words =
    result.flag === 'H'
      ? (result.item.highWords ?? '偏高')
      : result.flag === 'L'
        ? (result.item.lowWords ?? '偏低')
        : result.value;
  return `${result.item.name} ${words}`;
}
