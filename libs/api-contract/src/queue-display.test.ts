import { describe, expect, it } from 'vitest';
import { queueDisplayStreamRoute } from './queue-display.js';
import { selfPrintFindExamineeRoute } from './selfprint.js';
import { idNumberCheckChar } from './validators.js';

describe('queue display contract', () => {
  it('reads the department list as ids, blank as every department', () => {
    expect(queueDisplayStreamRoute.input.parse({ dept_ids: '3,5,3' })).toEqual({ dept_ids: [3, 5], after: undefined });
    expect(queueDisplayStreamRoute.input.parse({ after: '41' })).toEqual({ dept_ids: [], after: 41 });
  });

  it('refuses a malformed list or seq in Chinese', () => {
    expect(queueDisplayStreamRoute.input.safeParse({ dept_ids: '3,x' }).error?.issues[0]?.message).toBe(
      '科室格式不正确',
    );
    expect(queueDisplayStreamRoute.input.safeParse({ after: '-1' }).error?.issues[0]?.message).toBe(
      '事件序号格式不正确',
    );
  });
});

describe('self-print contract', () => {
  it('takes an ID number in upper case and refuses a wrong one with the spec message', () => {
    // A number whose check character is X, typed in lower case.
    const first17 = Array.from({ length: 100 }, (_, i) => `110101198005061${String(i).padStart(2, '0')}`).find(
      (digits) => idNumberCheckChar(digits) === 'X',
    )!;
    expect(selfPrintFindExamineeRoute.input.parse({ cust_id_card: ` ${first17}x ` })).toEqual({
      cust_id_card: `${first17}X`,
    });
    expect(
      selfPrintFindExamineeRoute.input.safeParse({ cust_id_card: '110101198005061230' }).error?.issues[0]?.message,
    ).toBe('错误的身份证号码，请核对！');
  });
});
