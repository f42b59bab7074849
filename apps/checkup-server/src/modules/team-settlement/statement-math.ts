import { UNION_EXEC, type DeductMode, type WaiveMode } from '@checkup/api-contract';

/** Visit statuses counted as 总检完成 (§11.2(c)1): the final review passed, or later. */
export const FINISHED_STATUSES = ['final_trial', 'report_printed', 'report_sent'] as const;

const ABANDONED: ReadonlySet<string> = new Set([UNION_EXEC.waived, UNION_EXEC.refused]);
const DONE: ReadonlySet<string> = new Set([UNION_EXEC.done]);

/** Whether a line of an eligible person goes into a statement under the 含弃检 mode (§11.2(c)2). */
export function takesLine(mode: WaiveMode, execState: string): boolean {
  switch (mode) {
    case 'exclude_waived':
      return !ABANDONED.has(execState);
    case 'all':
      return true;
    case 'done_only':
      return DONE.has(execState);
    case 'done_waived':
      return DONE.has(execState) || ABANDONED.has(execState);
  }
}

export interface PricedLine {
  orderId: string;
  unionId: number;
  priceFen: number;
}

/**
 * The company's share of one person's lines under their 统收限额 (§11.1): the lines in order take
 * the cap until it is used; the rest of each line is the person's (personal_pay).
 */
export function splitByCap<T extends PricedLine>(lines: readonly T[], capFen: number | null) {
  let left = capFen ?? Number.POSITIVE_INFINITY;
  return lines.map((line) => {
    const acc = Math.min(line.priceFen, left);
    left -= acc;
    return { ...line, accFen: acc, personalFen: line.priceFen - acc };
  });
}

export interface DeductibleLine {
  orderId: string;
  accFen: number;
}

/**
 * 减免 D spread over the lines (§11.2(c)5), in fen, never more than a line's acc_charge:
 * - item: each line takes min(D, acc_charge);
 * - person: each person's lines, in order, take min(D left for the person, acc_charge) until D is used;
 * - ratio: D over the whole statement, shared in proportion to acc_charge, the remainder fen by fen
 *   to the largest fractions (so the shares add up to D exactly).
 * Answers each line's dec_charges in the lines' order.
 */
export function spreadDeduction(lines: readonly DeductibleLine[], mode: DeductMode, dFen: number): number[] {
  if (mode === 'item') return lines.map((l) => Math.min(dFen, l.accFen));
  if (mode === 'person') {
    const left = new Map<string, number>();
    return lines.map((l) => {
      const d = left.get(l.orderId) ?? dFen;
      const take = Math.min(d, l.accFen);
      left.set(l.orderId, d - take);
      return take;
    });
  }
  const total = lines.reduce((s, l) => s + l.accFen, 0);
  if (total === 0) return lines.map(() => 0);
  // BigInt: acc × D can pass 2^53 fen² on a large order.
  const parts = lines.map((l) => BigInt(l.accFen) * BigInt(dFen));
  const shares = parts.map((p) => Number(p / BigInt(total)));
  let rest = dFen - shares.reduce((s, v) => s + v, 0);
  const byRemainder = parts
    .map((p, i) => ({ i, rem: p % BigInt(total) }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of byRemainder) {
    if (rest === 0) break;
    shares[i]! += 1;
    rest -= 1;
  }
  return shares;
}
