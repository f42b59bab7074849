import { describe, expect, it } from 'vitest';
import { dataByCodeRoute } from './commondata.js';
import { DICTIONARIES, DICTIONARY_CODES } from './dictionaries.js';
import { ORDER_STATUSES } from './order-status.js';

describe('small dictionaries', () => {
  it.each(DICTIONARY_CODES)('gives every entry of %s its own code and a name', (code) => {
    const entries: readonly { code: string; name: string }[] = DICTIONARIES[code];
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    for (const entry of entries) expect(entry.name.length).toBeGreaterThan(0);
  });

  it('numbers the ethnic groups 01 to 56 without a gap', () => {
    const codes = DICTIONARIES.nation.map((n) => n.code);
    expect(codes.slice(0, 56)).toEqual(Array.from({ length: 56 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(DICTIONARIES.nation.find((n) => n.code === '05')?.name).toBe('维吾尔族');
  });

  it('follows the order status machine', () => {
    expect(DICTIONARIES.order_status.map((s) => s.code)).toEqual([...ORDER_STATUSES]);
  });

  it('refuses an unknown dictionary code in Chinese', () => {
    expect(dataByCodeRoute.input.safeParse({ code: 'users' }).error?.issues[0]?.message).toBe('字典编码不正确');
    expect(dataByCodeRoute.input.safeParse({}).error?.issues[0]?.message).toBe('请传递字典编码');
  });
});
