import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName, maskPhone } from './masking.js';

describe('masking', () => {
  it('keeps the first and last characters of a name', () => {
    expect(maskName('张三丰')).toBe('张*丰');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('李四')).toBe('李*');
    expect(maskName('王')).toBe('王');
  });

  it('keeps the region and last four characters of an ID number', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });

  it('keeps the first three and last four digits of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});
