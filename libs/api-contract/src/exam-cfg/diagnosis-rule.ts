import { z } from 'zod';
import { choiceField } from '../resource/form-fields.js';

/**
 * The rule that suggests a conclusion word from results (breadth §6.5, H diseaseLogic): up to 15
 * conditions on items, each an operator against a value, joined 并且 or 或者, for a sex and an age range.
 */
export const RULE_OPERATORS = ['gt', 'ge', 'lt', 'le', 'eq', 'contains', 'not_contains'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export const RULE_OPERATOR_LABELS: Record<RuleOperator, string> = {
  gt: '>',
  ge: '≥',
  lt: '<',
  le: '≤',
  eq: '=',
  contains: '包含',
  not_contains: '不包含',
};
/** Operators that compare numbers: their value must be one. */
const NUMERIC_OPERATORS: readonly RuleOperator[] = ['gt', 'ge', 'lt', 'le'];

export const RULE_JOINS = ['and', 'or'] as const;
export const RULE_JOIN_LABELS: Record<(typeof RULE_JOINS)[number], string> = { and: '并且', or: '或者' };
export const ruleJoinField = choiceField(RULE_JOINS, '条件关系');

export const MAX_RULE_CONDITIONS = 15;

export interface RuleCondition {
  item_id: number;
  op: RuleOperator;
  value: string;
}
export const ruleConditionSchema = z.object({
  item_id: z.number().int(),
  op: z.enum(RULE_OPERATORS),
  value: z.string(),
});

/** One condition as a form carries it, refused with the number of the condition that is wrong. */
function checkCondition(raw: unknown, n: number): RuleCondition | string {
  const c = (raw ?? {}) as Record<string, unknown>;
  const item = String(c.item_id ?? '').trim();
  if (!/^[1-9]\d{0,8}$/.test(item)) return `第${n}条条件请选择项目`;
  const op = String(c.op ?? '');
  if (!(RULE_OPERATORS as readonly string[]).includes(op)) return `第${n}条条件请选择比较方式`;
  const value = String(c.value ?? '').trim();
  if (value === '') return `第${n}条条件请填写比较值`;
  if (value.length > 64) return `第${n}条条件的比较值不能超过64个字符`;
  if (NUMERIC_OPERATORS.includes(op as RuleOperator) && !/^-?\d{1,8}(\.\d{1,4})?$/.test(value))
    return `第${n}条条件的比较值应为数字`;
  return { item_id: Number(item), op: op as RuleOperator, value };
}

/** The conditions: JSON text as forms carry it, or an array; blank is none. */
export const ruleConditionsField = z
  .union([z.string(), z.array(z.unknown())], { error: '判断条件格式不正确' })
  .optional()
  .transform((value, ctx): RuleCondition[] => {
    if (value === undefined || value === '') return [];
    let list: unknown = value;
    if (typeof value === 'string') {
      try {
        list = JSON.parse(value);
      } catch {
        list = null;
      }
    }
    if (!Array.isArray(list)) {
      ctx.addIssue({ code: 'custom', message: '判断条件格式不正确' });
      return z.NEVER;
    }
    if (list.length > MAX_RULE_CONDITIONS) {
      ctx.addIssue({ code: 'custom', message: `判断条件最多${MAX_RULE_CONDITIONS}条` });
      return z.NEVER;
    }
    const checked = list.map((c, i) => checkCondition(c, i + 1));
    const wrong = checked.find((c) => typeof c === 'string');
    if (wrong) {
      ctx.addIssue({ code: 'custom', message: wrong });
      return z.NEVER;
    }
    return checked as RuleCondition[];
  });

/** A result the rule is judged against: the item's value as entered. */
export interface RuleResult {
  item_id: number;
  value: string;
}

export interface DiagnosisRule {
  rule_join: (typeof RULE_JOINS)[number];
  rule_conditions: readonly RuleCondition[];
  /** '0' either sex, '1' male, '2' female. */
  rule_gender: '0' | '1' | '2';
  rule_age_min: number | null;
  rule_age_max: number | null;
}

function conditionHolds(condition: RuleCondition, result: RuleResult | undefined): boolean {
  if (!result) return false;
  const text = result.value.trim();
  if (condition.op === 'contains') return text.includes(condition.value);
  if (condition.op === 'not_contains') return !text.includes(condition.value);
  if (condition.op === 'eq')
    return text === condition.value || (text !== '' && Number(text) === Number(condition.value));
  const value = Number(text);
  const limit = Number(condition.value);
  if (text === '' || Number.isNaN(value)) return false;
  if (condition.op === 'gt') return value > limit;
  if (condition.op === 'ge') return value >= limit;
  if (condition.op === 'lt') return value < limit;
  return value <= limit;
}

/**
 * Whether a rule suggests its conclusion word for one examinee's results: outside its sex or ages it
 * never does; a condition on an item without a result does not hold; a rule without conditions never fires.
 */
export function ruleSuggests(
  rule: DiagnosisRule,
  results: readonly RuleResult[],
  person: { sex: '1' | '2'; age: number | null },
): boolean {
  if (rule.rule_conditions.length === 0) return false;
  if (rule.rule_gender !== '0' && rule.rule_gender !== person.sex) return false;
  if (rule.rule_age_min !== null && (person.age === null || person.age < rule.rule_age_min)) return false;
  if (rule.rule_age_max !== null && (person.age === null || person.age > rule.rule_age_max)) return false;
  const byItem = new Map(results.map((r) => [r.item_id, r]));
  const holds = rule.rule_conditions.map((c) => conditionHolds(c, byItem.get(c.item_id)));
  return rule.rule_join === 'and' ? holds.every(Boolean) : holds.some(Boolean);
}
