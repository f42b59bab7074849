import { isNumericResult } from './result-judgement.js';

/**
 * The general exam (一般检查) as department entry computes it while the doctor types (issue 19): BMI from
 * height and weight, and the blood-pressure grade from the two pressures. The items are found by their
 * catalogue codes (exam_items.item_code, the demo catalogue's items-exam.ts).
 */
export const GENERAL_EXAM_CODES = {
  height: 'HEIGHT',
  weight: 'WEIGHT',
  bmi: 'BMI',
  systolic: 'SBP',
  diastolic: 'DBP',
} as const;

/** Items the screen fills itself: Enter skips them and the doctor does not type them. */
export const COMPUTED_ITEM_CODES: ReadonlySet<string> = new Set([GENERAL_EXAM_CODES.bmi]);

const positive = (raw: string) => {
  const value = raw.trim();
  if (!isNumericResult(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

/**
 * BMI = weight (kg) / height (m)², to one decimal (half up), as the report prints it; null until both
 * are plausible numbers (height 50–250 cm, weight 2–500 kg), so a half-typed value shows nothing.
 */
export function bmiOf(heightCm: string, weightKg: string): string | null {
  const height = positive(heightCm);
  const weight = positive(weightKg);
  if (height === null || weight === null || height < 50 || height > 250 || weight < 2 || weight > 500) return null;
  const bmi = weight / (height / 100) ** 2;
  // Tenths as an integer first: 22.45 stays 22.5 instead of 22.4 from binary rounding.
  return (Math.round(Number((bmi * 10).toFixed(6))) / 10).toFixed(1);
}

export type BloodPressureGrade = '正常血压' | '正常高值' | '1级高血压' | '2级高血压' | '3级高血压';

/**
 * The blood-pressure grade of one reading, after 《中国高血压防治指南（2018年修订版）》 table 3 (血压水平
 * 分类和定义, mmHg):
 *   正常血压   收缩压 <120 且 舒张压 <80
 *   正常高值   收缩压 120–139 和（或）舒张压 80–89
 *   1级高血压  收缩压 140–159 和（或）舒张压 90–99
 *   2级高血压  收缩压 160–179 和（或）舒张压 100–109
 *   3级高血压  收缩压 ≥180 和（或）舒张压 ≥110
 * When the two pressures fall in different grades the higher one counts (the guideline's rule; an
 * isolated systolic hypertension ≥140/<90 is graded by its systolic pressure the same way). Null until
 * both are numbers. One reading grades the reading, not the person: the diagnosis stays the doctor's.
 */
export function bloodPressureGrade(systolic: string, diastolic: string): BloodPressureGrade | null {
  const sbp = positive(systolic);
  const dbp = positive(diastolic);
  if (sbp === null || dbp === null) return null;
  const bySystolic = sbp >= 180 ? 4 : sbp >= 160 ? 3 : sbp >= 140 ? 2 : sbp >= 120 ? 1 : 0;
  const byDiastolic = dbp >= 110 ? 4 : dbp >= 100 ? 3 : dbp >= 90 ? 2 : dbp >= 80 ? 1 : 0;
  const grades: BloodPressureGrade[] = ['正常血压', '正常高值', '1级高血压', '2级高血压', '3级高血压'];
  return grades[Math.max(bySystolic, byDiastolic)]!;
}

/**
 * The value 全部正常 (and 批量诊断) enters for an item left empty: a text item's normal finding; a number
 * only when the centre configured one as the item's normal result (正常结果) and it is a number. No
 * value is made up from the reference range: a measured value nobody measured would read as a result.
 */
export function normalValueOf(item: { result_type: 'number' | 'text'; normal_text: string | null }): string | null {
  const normal = item.normal_text?.trim() ?? '';
  if (normal === '') return null;
  if (item.result_type === 'number' && !isNumericResult(normal)) return null;
  return normal;
}
