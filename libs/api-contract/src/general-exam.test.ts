import { describe, expect, it } from 'vitest';
import { bloodPressureGrade, bmiOf, normalValueOf } from './general-exam.js';

describe('BMI from height and weight', () => {
  it('is weight over height squared, to one decimal', () => {
    expect(bmiOf('170', '65')).toBe('22.5');
    expect(bmiOf('158.5', '48.2')).toBe('19.2');
    expect(bmiOf('180', '100')).toBe('30.9');
  });

  it('rounds half up on the tenth', () => {
    // 64.82 / 1.7² = 22.4290… → 22.4; 24.05 exactly at 100 cm → 24.1
    expect(bmiOf('170', '64.82')).toBe('22.4');
    expect(bmiOf('100', '24.05')).toBe('24.1');
  });

  it('waits for two plausible numbers', () => {
    expect(bmiOf('', '65')).toBeNull();
    expect(bmiOf('17', '65')).toBeNull();
    expect(bmiOf('170', '6５')).toBeNull();
    expect(bmiOf('170', '0')).toBeNull();
    expect(bmiOf('1.70', '65')).toBeNull();
  });
});

describe('blood-pressure grade (中国高血压防治指南 2018)', () => {
  it.each([
    ['119', '79', '正常血压'],
    ['120', '70', '正常高值'],
    ['110', '85', '正常高值'],
    ['140', '85', '1级高血压'],
    ['135', '95', '1级高血压'],
    ['165', '80', '2级高血压'],
    ['150', '105', '2级高血压'],
    ['180', '90', '3级高血压'],
    ['130', '110', '3级高血压'],
  ])('%s/%s mmHg is %s', (sbp, dbp, grade) => {
    expect(bloodPressureGrade(sbp, dbp)).toBe(grade);
  });

  it('takes the higher grade when the pressures disagree, and waits for both', () => {
    expect(bloodPressureGrade('118', '101')).toBe('2级高血压');
    expect(bloodPressureGrade('130', '')).toBeNull();
    expect(bloodPressureGrade('abc', '80')).toBeNull();
  });
});

describe('the normal value 全部正常 enters', () => {
  it('is a text item’s finding, or a configured number, and never a made-up number', () => {
    expect(normalValueOf({ result_type: 'text', normal_text: '未见异常' })).toBe('未见异常');
    expect(normalValueOf({ result_type: 'number', normal_text: '1.020' })).toBe('1.020');
    expect(normalValueOf({ result_type: 'number', normal_text: '阴性' })).toBeNull();
    expect(normalValueOf({ result_type: 'number', normal_text: null })).toBeNull();
    expect(normalValueOf({ result_type: 'text', normal_text: '  ' })).toBeNull();
  });
});
