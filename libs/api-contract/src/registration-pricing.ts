import type { PayMode } from './company.js';
import type { PriceRounding } from './parameters.js';

/**
 * Issue 19 prices of a registration, written once: the desk shows what the server will store, and the
 * server recomputes every line from the list prices, the package split and the discounts asked (it
 * never takes a price from the web). Money is whole fen here; amounts travel as text with two decimals.
 */

export const toFen = (amount: string | number) => Math.round(Number(amount) * 100);
export const fenText = (fen: number) => (fen / 100).toFixed(2);

/** The dearest of a list, the first on ties: where a rounding residue is booked. */
function dearestIndex(values: readonly number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v > values[best]!) best = i;
  });
  return best;
}

/**
 * A package price split across its lines in proportion to their list prices (breadth §1.3 factprice),
 * floored per line, the residue on the dearest line (ties: the first); the shares sum to the price
 * exactly. Lines that all list at zero share nothing: the whole price goes on the first.
 */
export function splitPackagePrice(packageFen: number, listFen: readonly number[]): number[] {
  if (listFen.length === 0) return [];
  const totalList = listFen.reduce((s, v) => s + v, 0);
  const shares = listFen.map((v) => (totalList === 0 ? 0 : Math.floor((packageFen * v) / totalList)));
  const residue = packageFen - shares.reduce((s, v) => s + v, 0);
  shares[dearestIndex(listFen)]! += residue;
  return shares;
}

/** A rate is the percent of the price paid (90 = 九折, the same scale as users.discount_floor). */
export const rateText = (rate: number) => (rate >= 100 ? '不打折' : `${Number((rate / 10).toFixed(2))}折`);

/** A rate applied to a price in fen, half up; rates carry at most one decimal (85.5). */
export const applyRate = (fen: number, rate: number) => Math.round((fen * Math.round(rate * 10)) / 1000);

/** Rounds the examinee's payable sum as parameter 0140 says: to the fen, to 0.1 元 or to 1 元 (half up). */
export function roundPayable(fen: number, rounding: PriceRounding): number {
  const step = rounding === 'yuan' ? 100 : rounding === 'jiao' ? 10 : 1;
  return Math.round(fen / step) * step;
}

export type LineOrigin = 'package' | 'extra' | 'dept';

/** An ordered union before pricing. 'dept' lines (科室加项) are priced like extras: at list price. */
export interface PriceLineInput {
  union_id: number;
  union_name: string;
  list_fen: number;
  origin: LineOrigin | (string & {});
  pay_mode: PayMode;
  /** 禁止打折 (unions.no_discount): the desk may never discount this line. */
  no_discount: boolean;
}

/** One line's discount at the desk: a rate, or a price typed (the rate is derived from it). */
export interface LineDiscount {
  union_id: number;
  rate?: number;
  price?: string;
}

/** What the clerk asked: a rate for all lines (with the lines it leaves out) and per-line changes. */
export interface DeskDiscount {
  rate?: number;
  /** Leave 统收 lines out of the batch rate (the company's contract price stands). */
  skip_company: boolean;
  /** Leave 禁止打折 lines out of the batch rate; unticked, such a line refuses the rate. */
  skip_no_discount: boolean;
  lines: LineDiscount[];
}

export const NO_DISCOUNT: DeskDiscount = { skip_company: true, skip_no_discount: true, lines: [] };

export interface PricedLine extends PriceLineInput {
  /** The centre's price before the desk: the package share, or the list price. */
  base_fen: number;
  /** After the desk's discount, before the rounding: the floor is held against this. */
  desk_fen: number;
  /** 优惠价: what is charged, after the desk's discount and the rounding. */
  price_fen: number;
}

export interface PriceTotals {
  /** 套餐价 */
  package_fen: number;
  /** 原价合计 */
  list_fen: number;
  /** 优惠合计 = 原价合计 − 应收 (the package's own discount, the desk's and the rounding) */
  discount_fen: number;
  /** 应收 = Σ lines */
  payable_fen: number;
  /** of which 统收 and 自费 */
  company_fen: number;
  self_fen: number;
  /** What the desk took off the centre's prices: the floor is held against this. */
  base_fen: number;
  desk_fen: number;
}

export type PricingResult = { ok: true; lines: PricedLine[]; totals: PriceTotals } | { ok: false; msg: string };

export const PRICING_MESSAGES = {
  noDiscount: (union: string) => `组合项目「${union}」禁止打折`,
  batchNoDiscount: (union: string) => `组合项目「${union}」禁止打折，请勾选“禁止打折项目不参与整单折扣”`,
  rate: '折扣应在1到100之间（90即九折），最多一位小数',
  priceAbove: (union: string) => `组合项目「${union}」的优惠价不能高于原价`,
  unknownLine: '折扣所指的组合项目不在本次登记中',
  belowFloor: (floor: number) => `折扣低于您的权限下限（最低${rateText(floor)}），需领导授权`,
  leaderBelowFloor: (name: string, floor: number) => `领导「${name}」的折扣权限不足（最低${rateText(floor)}）`,
} as const;

const validRate = (rate: number) => rate >= 1 && rate <= 100 && Math.abs(rate * 10 - Math.round(rate * 10)) < 1e-9;

/**
 * Prices an order: the package split over its lines, the extras at list price, then the desk's
 * discounts (a line's own rate or price wins over the batch rate), then the rounding of the self-paid
 * sum by parameter 0140. The rounding difference is booked on the dearest self-paid line (ties: the
 * first; spilling to the next when a line would go below zero), so the lines still sum to 应收.
 */
export function priceOrder(input: {
  packageFen: number | null;
  lines: readonly PriceLineInput[];
  discount?: DeskDiscount;
  rounding: PriceRounding;
}): PricingResult {
  const discount = input.discount ?? NO_DISCOUNT;
  const packageIdx = input.lines.flatMap((l, i) => (l.origin === 'package' ? [i] : []));
  const shares = splitPackagePrice(
    input.packageFen ?? 0,
    packageIdx.map((i) => input.lines[i]!.list_fen),
  );
  const base = input.lines.map((l) => l.list_fen);
  packageIdx.forEach((lineIdx, k) => (base[lineIdx] = shares[k]!));

  if (discount.rate !== undefined && !validRate(discount.rate)) return { ok: false, msg: PRICING_MESSAGES.rate };
  const own = new Map(discount.lines.map((d) => [d.union_id, d]));
  for (const d of discount.lines) {
    if (!input.lines.some((l) => l.union_id === d.union_id)) return { ok: false, msg: PRICING_MESSAGES.unknownLine };
  }

  const lines: PricedLine[] = [];
  for (const [i, line] of input.lines.entries()) {
    const baseFen = base[i]!;
    let price = baseFen;
    const mine = own.get(line.union_id);
    if (mine && (mine.rate !== undefined || mine.price !== undefined)) {
      if (line.no_discount) return { ok: false, msg: PRICING_MESSAGES.noDiscount(line.union_name) };
      if (mine.price !== undefined) {
        price = toFen(mine.price);
        if (price > baseFen) return { ok: false, msg: PRICING_MESSAGES.priceAbove(line.union_name) };
      } else {
        if (!validRate(mine.rate!)) return { ok: false, msg: PRICING_MESSAGES.rate };
        price = applyRate(baseFen, mine.rate!);
      }
    } else if (discount.rate !== undefined && discount.rate < 100) {
      const skipped =
        (line.pay_mode === 'company' && discount.skip_company) || (line.no_discount && discount.skip_no_discount);
      if (!skipped) {
        if (line.no_discount) return { ok: false, msg: PRICING_MESSAGES.batchNoDiscount(line.union_name) };
        price = applyRate(baseFen, discount.rate);
      }
    }
    lines.push({ ...line, base_fen: baseFen, desk_fen: price, price_fen: price });
  }

  const deskFen = lines.reduce((s, l) => s + l.price_fen, 0);
  const self = lines.flatMap((l, i) => (l.pay_mode === 'self' ? [i] : []));
  const selfFen = self.reduce((s, i) => s + lines[i]!.price_fen, 0);
  let difference = roundPayable(selfFen, input.rounding) - selfFen;
  const byPrice = [...self].sort((a, b) => lines[b]!.price_fen - lines[a]!.price_fen || a - b);
  for (const i of byPrice) {
    if (difference === 0) break;
    const booked = Math.max(difference, -lines[i]!.price_fen);
    lines[i]!.price_fen += booked;
    difference -= booked;
  }

  const sum = (pick: (l: PricedLine) => number, only?: PayMode) =>
    lines.filter((l) => !only || l.pay_mode === only).reduce((s, l) => s + pick(l), 0);
  const payable = sum((l) => l.price_fen);
  const listFen = sum((l) => l.list_fen);
  return {
    ok: true,
    lines,
    totals: {
      package_fen: input.packageFen ?? 0,
      list_fen: listFen,
      discount_fen: listFen - payable,
      payable_fen: payable,
      company_fen: sum((l) => l.price_fen, 'company'),
      self_fen: sum((l) => l.price_fen, 'self'),
      base_fen: sum((l) => l.base_fen),
      desk_fen: deskFen,
    },
  };
}

/**
 * Whether a price keeps to a floor (percent of the centre's price; floors may carry two decimals): at
 * least the floor price rounded to the fen as a rate is, so the floor's own rate always passes.
 */
const keepsFloor = (priceFen: number, baseFen: number, floor: number) =>
  priceFen >= Math.round((baseFen * Math.round(floor * 100)) / 10_000);

/**
 * The account's discount floor (users.discount_floor) against what the desk took off: every line and
 * the whole order must keep to it. A package's own price is the centre's, not the clerk's discount, so
 * the floor is measured against the package share; the rounding of 0140 does not count.
 */
export function withinFloor(priced: Extract<PricingResult, { ok: true }>, floor: number): boolean {
  return (
    keepsFloor(priced.totals.desk_fen, priced.totals.base_fen, floor) &&
    priced.lines.every((l) => keepsFloor(l.desk_fen, l.base_fen, floor))
  );
}

/** The lowest rate the desk gave on a line or the order (100 when none): what a leader must allow. */
export function lowestRate(priced: Extract<PricingResult, { ok: true }>): number {
  const rates = [
    ...priced.lines.filter((l) => l.base_fen > 0).map((l) => (l.desk_fen * 100) / l.base_fen),
    priced.totals.base_fen > 0 ? (priced.totals.desk_fen * 100) / priced.totals.base_fen : 100,
  ];
  return Math.min(100, ...rates.map((r) => Math.floor(r * 100) / 100));
}
