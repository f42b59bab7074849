import { describe, expect, it } from 'vitest';
import { alreadyActiveMessage, setServiceTypeRoute } from './external.js';

describe('set_service_type input', () => {
  it('takes the mode as form text or a number and answers a number', () => {
    expect(setServiceTypeRoute.input.parse({ type: '1' })).toEqual({ type: 1 });
    expect(setServiceTypeRoute.input.parse({ type: 2 })).toEqual({ type: 2 });
  });

  it.each([{ type: '0' }, { type: '3' }, { type: 'external' }, {}])('refuses %j in Chinese', (input) => {
    expect(setServiceTypeRoute.input.safeParse(input).error?.issues[0]?.message).toBe(
      '服务模式只能是1（体检服务器）或2（外部服务器）',
    );
  });

  it('names the mode already active in the spec §8 message', () => {
    expect(alreadyActiveMessage(1)).toBe('当前就是体检服务器无需切换');
    expect(alreadyActiveMessage(2)).toBe('当前就是外部服务器无需切换');
  });
});
