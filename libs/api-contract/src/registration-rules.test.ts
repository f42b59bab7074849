import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  checkIdentity,
  checkOrderSelection,
  checkPackageChoice,
  checkUnionAddition,
  orderTotal,
  SELECTION_MESSAGES,
  type SelectableUnion,
} from './registration-rules.js';
import { orderSaveRoute } from './registration.js';
import { PHONE_ERROR } from './validators.js';

const union = (id: number, name: string, extra: Partial<SelectableUnion> = {}): SelectableUnion => ({
  id,
  union_name: name,
  gender_limit: '0',
  mutex_union_ids: [],
  ...extra,
});

const bloodRoutine = union(1, '血常规');
const dr = union(2, '胸部DR', { mutex_union_ids: [3] });
const ct = union(3, '胸部CT');
const prostate = union(4, '前列腺彩超', { gender_limit: '1' });
const gyn = union(5, '妇科检查', { gender_limit: '2' });

describe('checkUnionAddition', () => {
  it('refuses a union already chosen', () => {
    expect(checkUnionAddition([bloodRoutine], bloodRoutine, '1')).toEqual({
      ok: false,
      msg: '组合项目「血常规」已选择，不能重复选择',
    });
  });

  it('refuses a union excluded by a chosen one, whichever side holds the pair', () => {
    expect(checkUnionAddition([dr], ct, '1')).toEqual({ ok: false, msg: SELECTION_MESSAGES.mutex('胸部CT', '胸部DR') });
    expect(checkUnionAddition([ct], dr, '1')).toEqual({ ok: false, msg: SELECTION_MESSAGES.mutex('胸部DR', '胸部CT') });
  });

  it('refuses a union limited to the other sex and accepts it for its own', () => {
    expect(checkUnionAddition([], prostate, '2')).toEqual({
      ok: false,
      msg: '组合项目「前列腺彩超」与体检者性别不符，不能选择',
    });
    expect(checkUnionAddition([], gyn, '2')).toEqual({ ok: true });
  });
});

describe('checkPackageChoice', () => {
  it('refuses a package limited to the other sex until the clerk confirms it (issue 19)', () => {
    expect(checkPackageChoice({ package_name: '女性套餐', gender_limit: '2' }, '1')).toEqual({
      ok: false,
      msg: '套餐「女性套餐」与体检者性别不符，请确认后再登记',
    });
    expect(checkPackageChoice({ package_name: '女性套餐', gender_limit: '2' }, '1', { genderConfirmed: true })).toEqual(
      {
        ok: true,
      },
    );
    expect(checkPackageChoice({ package_name: '通用套餐', gender_limit: '0' }, '1').ok).toBe(true);
  });
});

describe('checkOrderSelection', () => {
  const pkg = { package_name: '入职套餐', gender_limit: '0' as const };

  it('asks for a package or a project when neither is chosen', () => {
    expect(checkOrderSelection({ sex: '1', pkg: null, packageUnions: [], extraUnions: [] })).toEqual({
      ok: false,
      msg: '请选择套餐或项目',
    });
  });

  it('refuses an extra that the package already holds', () => {
    const check = checkOrderSelection({ sex: '1', pkg, packageUnions: [bloodRoutine], extraUnions: [bloodRoutine] });
    expect(check).toEqual({ ok: false, msg: SELECTION_MESSAGES.alreadySelected('血常规') });
  });

  it('refuses extras that exclude each other', () => {
    const check = checkOrderSelection({ sex: '1', pkg: null, packageUnions: [], extraUnions: [dr, ct] });
    expect(check.ok).toBe(false);
  });

  it('accepts a package with compatible extras', () => {
    expect(checkOrderSelection({ sex: '1', pkg, packageUnions: [bloodRoutine], extraUnions: [dr, prostate] })).toEqual({
      ok: true,
    });
  });
});

describe('orderTotal', () => {
  it('adds the package and the extras exactly, with two decimals', () => {
    expect(orderTotal('0.10', ['0.20'])).toBe('0.30');
    expect(orderTotal('398.00', ['25.50', '120.00'])).toBe('543.50');
    expect(orderTotal(null, ['15'])).toBe('15.00');
    expect(orderTotal(null, [])).toBe('0.00');
  });
});

describe('checkIdentity', () => {
  it('accepts an ID number that agrees with the sex and birthday', () => {
    expect(checkIdentity('11010519491231002X', '2', '1949-12-31')).toEqual({ ok: true });
  });

  it('refuses a wrong check digit, a sex or a birthday that disagrees', () => {
    expect(checkIdentity('110105194912310021', '2', '1949-12-31')).toEqual({
      ok: false,
      msg: '错误的身份证号码，请核对！',
    });
    expect(checkIdentity('11010519491231002X', '1', '1949-12-31')).toEqual({
      ok: false,
      msg: '性别与身份证号码不符，请核对',
    });
    expect(checkIdentity('11010519491231002X', '2', '1950-01-01').ok).toBe(false);
  });
});

describe('ageInYears', () => {
  it('counts whole years, a birthday not yet reached this year not counted', () => {
    expect(ageInYears('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageInYears('1990-06-15', '2026-06-15')).toBe(36);
  });
});

describe('orderSaveRoute input', () => {
  const base = {
    cust_name: '张三',
    sex: '1',
    birthday: '1990-01-01',
    exam_type: 'health',
    exam_date: '2026-11-22',
  };

  it('reads the extras from JSON text and leaves blank fields out', () => {
    const parsed = orderSaveRoute.input.parse({ ...base, union_ids: '[3,4]', phone: '', package_id: '' });
    expect(parsed).toMatchObject({ union_ids: [3, 4], special_flag: '0' });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.package_id).toBeUndefined();
  });

  it('asks for both the company and the group of a group examinee', () => {
    const result = orderSaveRoute.input.safeParse({ ...base, company_id: '2' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('团体登记请选择单位和分组');
  });

  it('refuses a phone number that is neither a mobile nor a landline with its area code', () => {
    const result = orderSaveRoute.input.safeParse({ ...base, phone: '1381234' });
    expect(result.error?.issues[0]?.message).toBe(PHONE_ERROR);
    expect(orderSaveRoute.input.parse({ ...base, phone: '0571-87654321' }).phone).toBe('0571-87654321');
    expect(orderSaveRoute.input.parse({ ...base, phone: ' 13812345678 ' }).phone).toBe('13812345678');
  });

  it('refuses a missing name with a Chinese message', () => {
    const result = orderSaveRoute.input.safeParse({ ...base, cust_name: ' ' });
    expect(result.error?.issues[0]?.message).toBe('请输入姓名');
  });
});
