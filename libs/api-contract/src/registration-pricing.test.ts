import { describe, expect, it } from 'vitest';
import {
  fenText,
  lowestRate,
  priceOrder,
  PRICING_MESSAGES,
  rateText,
  roundPayable,
  splitPackagePrice,
  withinFloor,
  type PriceLineInput,
} from './registration-pricing.js';
import { checkOptionGroups, checkOrderSelection, checkPackageAge } from './registration-rules.js';

const line = (id: number, listFen: number, more: Partial<PriceLineInput> = {}): PriceLineInput => ({
  union_id: id,
  union_name: `项目${id}`,
  list_fen: listFen,
  origin: 'package',
  pay_mode: 'self',
  no_discount: false,
  ...more,
});

const priced = (result: ReturnType<typeof priceOrder>) => {
  if (!result.ok) throw new Error(result.msg);
  return result;
};

describe('splitPackagePrice', () => {
  it('splits in proportion to the list prices and sums to the package price exactly', () => {
    expect(splitPackagePrice(30000, [10000, 20000, 10000])).toEqual([7500, 15000, 7500]);
  });

  it('books the rounding residue on the dearest line', () => {
    // 100 fen over 1:1:1 floors to 33 each; the residue of 1 goes to the dearest (ties: the first).
    expect(splitPackagePrice(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(splitPackagePrice(100, [300, 700, 300])).toEqual([23, 54, 23]);
    const shares = splitPackagePrice(39800, [2500, 1000, 12000, 3300, 800]);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(39800);
    // Floored: 5076 + 2030 + 24367 + 6701 + 1624 = 39798; the 2 fen left go to 120.00.
    expect(shares).toEqual([5076, 2030, 24369, 6701, 1624]);
  });

  it('gives a zero-price line nothing, and the whole price to the first line when all list at zero', () => {
    expect(splitPackagePrice(1000, [0, 2000, 0])).toEqual([0, 1000, 0]);
    expect(splitPackagePrice(1000, [0, 0])).toEqual([1000, 0]);
  });

  it('puts a one-line package on that line, and answers nothing for no lines', () => {
    expect(splitPackagePrice(12345, [99900])).toEqual([12345]);
    expect(splitPackagePrice(100, [])).toEqual([]);
  });
});

describe('roundPayable', () => {
  it('rounds to the fen, to 0.1 元 or to 1 元, half up', () => {
    expect(roundPayable(12345, 'fen')).toBe(12345);
    expect(roundPayable(12345, 'jiao')).toBe(12350);
    expect(roundPayable(12344, 'jiao')).toBe(12340);
    expect(roundPayable(12345, 'yuan')).toBe(12300);
    expect(roundPayable(12350, 'yuan')).toBe(12400);
  });
});

describe('priceOrder', () => {
  const pkgLines = [line(1, 10000), line(2, 20000), line(3, 10000, { no_discount: true })];
  const extra = line(9, 5000, { origin: 'extra' });

  it('prices the package by its split and the extras and 科室加项 at list price', () => {
    const result = priced(
      priceOrder({
        packageFen: 30000,
        lines: [...pkgLines, extra, line(10, 800, { origin: 'dept' })],
        rounding: 'fen',
      }),
    );
    expect(result.lines.map((l) => l.price_fen)).toEqual([7500, 15000, 7500, 5000, 800]);
    expect(result.totals).toMatchObject({
      package_fen: 30000,
      list_fen: 45800,
      payable_fen: 35800,
      discount_fen: 10000,
      self_fen: 35800,
      company_fen: 0,
    });
  });

  it('applies a batch rate (90 = 九折), leaving out 禁止打折 and 统收 lines when asked', () => {
    const lines = [...pkgLines, line(4, 4000, { origin: 'extra', pay_mode: 'company' }), extra];
    const result = priced(
      priceOrder({
        packageFen: 30000,
        lines,
        discount: { rate: 90, skip_company: true, skip_no_discount: true, lines: [] },
        rounding: 'fen',
      }),
    );
    expect(result.lines.map((l) => l.price_fen)).toEqual([6750, 13500, 7500, 4000, 4500]);
    const withCompany = priced(
      priceOrder({
        packageFen: 30000,
        lines,
        discount: { rate: 90, skip_company: false, skip_no_discount: true, lines: [] },
        rounding: 'fen',
      }),
    );
    expect(withCompany.lines[3]!.price_fen).toBe(3600);
  });

  it('refuses to discount a 禁止打折 line, by a batch rate not leaving it out or by its own rate', () => {
    expect(
      priceOrder({
        packageFen: 30000,
        lines: pkgLines,
        discount: { rate: 90, skip_company: true, skip_no_discount: false, lines: [] },
        rounding: 'fen',
      }),
    ).toEqual({ ok: false, msg: PRICING_MESSAGES.batchNoDiscount('项目3') });
    expect(
      priceOrder({
        packageFen: 30000,
        lines: pkgLines,
        discount: { skip_company: true, skip_no_discount: true, lines: [{ union_id: 3, rate: 80 }] },
        rounding: 'fen',
      }),
    ).toEqual({ ok: false, msg: '组合项目「项目3」禁止打折' });
  });

  it('takes one line at a typed price (the rate derived) over the batch rate, never above its price', () => {
    const result = priced(
      priceOrder({
        packageFen: null,
        lines: [extra, line(8, 2000, { origin: 'extra' })],
        discount: { rate: 90, skip_company: true, skip_no_discount: true, lines: [{ union_id: 9, price: '40.00' }] },
        rounding: 'fen',
      }),
    );
    expect(result.lines.map((l) => l.price_fen)).toEqual([4000, 1800]);
    expect(lowestRate(result)).toBe(80);
    expect(
      priceOrder({
        packageFen: null,
        lines: [extra],
        discount: { skip_company: true, skip_no_discount: true, lines: [{ union_id: 9, price: '50.01' }] },
        rounding: 'fen',
      }),
    ).toEqual({ ok: false, msg: '组合项目「项目9」的优惠价不能高于原价' });
  });

  it('refuses a rate outside 1–100 or with more than one decimal', () => {
    for (const rate of [0, 101, 85.55]) {
      expect(
        priceOrder({
          packageFen: null,
          lines: [extra],
          discount: { rate, skip_company: true, skip_no_discount: true, lines: [] },
          rounding: 'fen',
        }),
      ).toEqual({ ok: false, msg: PRICING_MESSAGES.rate });
    }
  });

  it('rounds the self-paid sum per 0140 and books the difference on the dearest self-paid line', () => {
    const result = priced(
      priceOrder({
        packageFen: null,
        lines: [
          line(1, 1234, { origin: 'extra' }),
          line(2, 5678, { origin: 'extra' }),
          line(3, 999, { origin: 'extra', pay_mode: 'company' }),
        ],
        rounding: 'yuan',
      }),
    );
    // 自费 12.34 + 56.78 = 69.12 → 69.00: −0.12 on 56.78; the 统收 line is not rounded.
    expect(result.lines.map((l) => l.price_fen)).toEqual([1234, 5666, 999]);
    expect(result.totals.self_fen).toBe(6900);
    expect(result.totals.payable_fen).toBe(result.lines.reduce((s, l) => s + l.price_fen, 0));
    expect(fenText(result.totals.payable_fen)).toBe('78.99');
  });
});

describe('discount floor', () => {
  const lines = [line(1, 10000, { origin: 'extra' }), line(2, 10000, { origin: 'extra' })];
  const at = (rate: number, rounding: 'fen' | 'yuan' = 'fen') =>
    priced(
      priceOrder({
        packageFen: null,
        lines,
        discount: { rate, skip_company: true, skip_no_discount: true, lines: [] },
        rounding,
      }),
    );

  it('allows the floor’s own rate even where rounding to the fen lands a tenth of a fen below it', () => {
    // 73.49 at 九折 is 66.141 → 66.14, below 90 % by 0.001 元: still the clerk's 九折.
    const result = priced(
      priceOrder({
        packageFen: null,
        lines: [line(1, 7349, { origin: 'extra' })],
        discount: { rate: 90, skip_company: true, skip_no_discount: true, lines: [] },
        rounding: 'fen',
      }),
    );
    expect(result.lines[0]!.price_fen).toBe(6614);
    expect(withinFloor(result, 90)).toBe(true);
    expect(withinFloor(result, 90.01)).toBe(false);
  });

  it('allows a rate at the floor and refuses one below it, naming the limit', () => {
    expect(withinFloor(at(90), 90)).toBe(true);
    expect(withinFloor(at(89.5), 90)).toBe(false);
    expect(PRICING_MESSAGES.belowFloor(90)).toBe('折扣低于您的权限下限（最低9折），需领导授权');
    expect(rateText(85)).toBe('8.5折');
  });

  it('holds one line to the floor even when the order as a whole keeps to it', () => {
    const result = priced(
      priceOrder({
        packageFen: null,
        lines: [line(1, 100000, { origin: 'extra' }), line(2, 1000, { origin: 'extra' })],
        discount: { skip_company: true, skip_no_discount: true, lines: [{ union_id: 2, price: '5.00' }] },
        rounding: 'fen',
      }),
    );
    expect(withinFloor(result, 90)).toBe(false);
    expect(lowestRate(result)).toBe(50);
  });

  it('measures the package against its own price, not its list prices, and ignores the rounding', () => {
    const pkg = priced(priceOrder({ packageFen: 15000, lines: [line(1, 20000), line(2, 10000)], rounding: 'yuan' }));
    expect(withinFloor(pkg, 100)).toBe(true);
    expect(withinFloor(at(100, 'yuan'), 100)).toBe(true);
  });
});

describe('package limits', () => {
  it('refuses an age outside the range with the range, one-sided ranges in words', () => {
    expect(checkPackageAge({ package_name: 'A', gender_limit: '0', age_min: 18, age_max: 60 }, 61)).toEqual({
      ok: false,
      msg: '需要体检者的年龄在18岁-60岁之间！',
    });
    expect(checkPackageAge({ package_name: 'A', gender_limit: '0', age_min: 40, age_max: null }, 39)).toEqual({
      ok: false,
      msg: '需要体检者的年龄在40岁及以上！',
    });
    expect(checkPackageAge({ package_name: 'A', gender_limit: '0', age_max: 14 }, 15)).toEqual({
      ok: false,
      msg: '需要体检者的年龄在14岁及以下！',
    });
    expect(checkPackageAge({ package_name: 'A', gender_limit: '0', age_min: 18, age_max: 60 }, 60).ok).toBe(true);
  });

  it('asks exactly one union of each optional group', () => {
    const groups = [{ group_name: '腹部影像', union_ids: [5, 6, 7] }];
    expect(checkOptionGroups(groups, [])).toEqual({ ok: false, msg: '「可选组：腹部影像」须选择一项' });
    expect(checkOptionGroups(groups, [5, 6])).toEqual({ ok: false, msg: '「可选组：腹部影像」只能选择一项' });
    expect(checkOptionGroups(groups, [6])).toEqual({ ok: true });
    expect(checkOptionGroups(groups, [6, 8])).toEqual({ ok: false, msg: '所选可选项目不属于该套餐' });
  });

  it('checks the package limits within the whole selection', () => {
    const pkg = { package_name: '女性套餐', gender_limit: '2' as const, age_min: 18, age_max: 60 };
    const base = { sex: '1' as const, pkg, packageUnions: [], extraUnions: [] };
    expect(checkOrderSelection(base).ok).toBe(false);
    expect(checkOrderSelection({ ...base, genderConfirmed: true, age: 30 })).toEqual({ ok: true });
    expect(checkOrderSelection({ ...base, genderConfirmed: true, age: 70 }).ok).toBe(false);
    expect(
      checkOrderSelection({
        ...base,
        genderConfirmed: true,
        optionGroups: [{ group_name: '胃部', union_ids: [1, 2] }],
      }),
    ).toEqual({ ok: false, msg: '「可选组：胃部」须选择一项' });
  });
});
