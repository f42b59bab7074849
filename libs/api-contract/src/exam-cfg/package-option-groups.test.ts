import { describe, expect, it } from 'vitest';
import { packageResource } from './union.js';

const form = (option_groups: unknown) => ({
  package_code: 'JXTJ',
  package_name: '精选体检套餐',
  gender_limit: '0',
  price: '298.00',
  sort: 0,
  union_ids: [1, 2],
  option_groups,
});
const message = (input: unknown) => {
  const parsed = packageResource.spec.form.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('套餐 optional groups (可选组)', () => {
  it('takes named groups of two or more alternatives, none by default', () => {
    expect(packageResource.spec.form.parse(form(undefined)).option_groups).toEqual([]);
    expect(
      packageResource.spec.form.parse(form([{ group_name: '胸部影像', union_ids: [3, 4] }])).option_groups,
    ).toEqual([{ group_name: '胸部影像', union_ids: [3, 4] }]);
  });

  it('refuses a group of one, a union both fixed and optional, and a union in two groups', () => {
    expect(message(form([{ group_name: '胸部影像', union_ids: [3] }]))).toBe('每个可选组至少包含两个组合项目');
    expect(message(form([{ group_name: '胸部影像', union_ids: [2, 3] }]))).toBe(
      '可选组的组合项目不能同时是套餐的固定项目',
    );
    expect(
      message(
        form([
          { group_name: '胸部影像', union_ids: [3, 4] },
          { group_name: '腹部影像', union_ids: [4, 5] },
        ]),
      ),
    ).toBe('同一组合项目不能出现在两个可选组中');
  });
});
