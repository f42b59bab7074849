/**
 * How one item result is judged (issue 7: reference ranges, abnormal arrows, critical values) and
 * how department summary lines are merged (spec §4). Shared: the server stores the verdict, the web
 * shows the same arrows while the doctor types.
 */

export interface ItemRule {
  resultType: 'number' | 'text';
  refLow: number | null;
  refHigh: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
  /** A text item's usual finding; anything else is abnormal. */
  normalText: string | null;
}

/** '' normal, H above the range, L below it, A an abnormal finding. */
export type AbnormalFlag = '' | 'H' | 'L' | 'A';

export interface Verdict {
  flag: AbnormalFlag;
  /** H or L when beyond a critical limit. */
  critical: 'H' | 'L' | null;
}

export const ABNORMAL_ARROWS: Record<AbnormalFlag, string> = { '': '', H: '↑', L: '↓', A: '*' };

/** Spec §5 number: a non-negative decimal without leading zeros (a sign allowed for results like BE). */
const NUMBER_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export function isNumericResult(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}

export function judgeResult(rule: ItemRule, raw: string): Verdict {
  const value = raw.trim();
  if (value === '') return { flag: '', critical: null };
  if (rule.resultType === 'text') {
    const normal = rule.normalText?.trim();
    return { flag: normal && value !== normal ? 'A' : '', critical: null };
  }
  if (!isNumericResult(value)) return { flag: 'A', critical: null };
  const n = Number(value);
  const critical =
    rule.criticalHigh !== null && n >= rule.criticalHigh
      ? 'H'
      : rule.criticalLow !== null && n <= rule.criticalLow
        ? 'L'
        : null;
  if (rule.refHigh !== null && n > rule.refHigh) return { flag: 'H', critical };
  if (rule.refLow !== null && n < rule.refLow) return { flag: 'L', critical };
  return { flag: '', critical };
}

/** The range as printed on the report: 3.5-9.5, <5.2, >1.04, or empty. */
export function refRangeText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${low}-${high}`;
  if (high !== null) return `<${high}`;
  if (low !== null) return `>${low}`;
  return '';
}

export interface SummaryLine {
  summary_content: string;
  /** '0' generated from abnormal results, '2' from a matched diagnosis, '4' written by the doctor */
  source: string;
  doctor_edited: string;
  union_id: number | null;
  diag_id?: number | null;
}

/**
 * Spec §4: generated lines (source '0') give way once matches are added, and no line is kept twice
 * (same summary_content, or same diag_id). Order is kept; summary_order_by is the position.
 */
export function mergeSummaries(
  existing: SummaryLine[],
  added: SummaryLine[],
): (SummaryLine & { summary_order_by: number })[] {
  const kept =
    added.length > 0 ? existing.filter((line) => line.source !== '0' || line.doctor_edited === '1') : existing;
  const seenContent = new Set<string>();
  const seenDiag = new Set<number>();
  const merged: SummaryLine[] = [];
  for (const line of [...kept, ...added]) {
    const content = line.summary_content.trim();
    if (!content || seenContent.has(content)) continue;
    if (line.diag_id != null && seenDiag.has(line.diag_id)) continue;
    seenContent.add(content);
    if (line.diag_id != null) seenDiag.add(line.diag_id);
    merged.push({ ...line, summary_content: content });
  }
  return merged.map((line, index) => ({ ...line, summary_order_by: index + 1 }));
}
