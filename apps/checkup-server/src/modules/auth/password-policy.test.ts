import { describe, expect, it } from 'vitest';
import { passwordRuleProblem } from './password-policy.js';

describe('password policy rules', () => {
  it('takes 8 characters of three classes that do not contain the account', () => {
    for (const password of ['Checkup@2026', 'abcdEF12', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', '密码Ab1xyzw'])
      expect([password, passwordRuleProblem(password, 'doctor1')]).toEqual([password, null]);
  });

  it('names the rule a password breaks', () => {
    expect(passwordRuleProblem('Ab1!xyz', 'reg')).toBe('密码长度不能少于8位');
    expect(passwordRuleProblem(`Ab1!${'x'.repeat(61)}`, 'reg')).toBe('密码长度不能超过64位');
    expect(passwordRuleProblem('abcdefgh12', 'reg')).toBe('密码须包含大写字母、小写字母、数字和符号中的至少三种');
    expect(passwordRuleProblem('ABCDEFGH!!', 'reg')).toBe('密码须包含大写字母、小写字母、数字和符号中的至少三种');
    expect(passwordRuleProblem('My#Doctor1x', 'doctor1')).toBe('密码不能包含账号');
  });
});
