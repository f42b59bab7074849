import { describe, expect, it } from 'vitest';
import { composeUltrasound } from './ultrasound.js';

const normal = {
  sign_name: '正常',
  is_positive: false,
  description: '肝脏形态大小正常。',
  conclusion: '肝脏未见明显异常',
};
const fatty = { sign_name: '脂肪肝', is_positive: true, description: '实质回声细密增强。', conclusion: '轻度脂肪肝' };
const cyst = { sign_name: '囊肿', is_positive: true, description: '肝内可见一无回声区。', conclusion: '肝囊肿' };

/** What one click on sign words inserts into the ultrasound report (breadth §6.4). */
describe('composeUltrasound', () => {
  it('gives the normal word’s conclusion when nothing positive is chosen', () => {
    expect(composeUltrasound('肝脏', [normal])).toEqual({
      description: '肝脏形态大小正常。',
      conclusion: '肝脏未见明显异常',
    });
    expect(composeUltrasound('肝脏', [{ ...normal, conclusion: null }]).conclusion).toBe('肝脏未见明显异常');
    expect(composeUltrasound('肝脏', [])).toEqual({ description: '', conclusion: '' });
  });

  it('joins descriptions in the order chosen and numbers several positive conclusions once each', () => {
    expect(composeUltrasound('肝脏', [cyst, fatty, { ...fatty, sign_name: '脂肪肝2' }])).toEqual({
      description: '肝内可见一无回声区。实质回声细密增强。实质回声细密增强。',
      conclusion: '1.肝囊肿；2.轻度脂肪肝',
    });
    expect(composeUltrasound('肝脏', [normal, fatty]).conclusion).toBe('轻度脂肪肝');
  });

  it('leaves the default normal word out once a positive finding is chosen', () => {
    expect(composeUltrasound('肝脏', [{ ...normal, is_default: true }, fatty])).toEqual({
      description: '实质回声细密增强。',
      conclusion: '轻度脂肪肝',
    });
  });
});
