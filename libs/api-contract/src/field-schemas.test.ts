import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idField,
  jsonField,
  optionalChoiceField,
  optionalIdField,
  orderIdField,
  searchKeyField,
} from './field-schemas.js';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('idField', () => {
  const id = idField('模板ID');

  it('takes an id as form text or as a number', () => {
    expect(id.parse('12')).toBe(12);
    expect(id.parse(' 7 ')).toBe(7);
    expect(id.parse(3)).toBe(3);
  });

  it('asks for a missing or blank id', () => {
    expect(messageOf(id, undefined)).toBe('请传递模板ID');
    expect(messageOf(id, '')).toBe('请传递模板ID');
  });

  it.each(['0', '-1', '1.5', '01', 'abc', '1234567890', ['1', '2']])('refuses %j as malformed', (value) => {
    expect(messageOf(id, value)).toBe('模板ID格式不正确');
  });
});

describe('optionalIdField', () => {
  const id = optionalIdField('套餐ID');

  it('takes absent and blank as no id', () => {
    expect(id.parse(undefined)).toBeUndefined();
    expect(id.parse('  ')).toBeUndefined();
    expect(id.parse('5')).toBe(5);
  });

  it('refuses a malformed id', () => {
    expect(messageOf(id, 'x')).toBe('套餐ID格式不正确');
  });
});

describe('optionalChoiceField and searchKeyField', () => {
  it('takes blank as no choice and refuses anything else outside the list', () => {
    const sex = optionalChoiceField(['1', '2'], '性别不正确');
    expect(sex.parse('')).toBeUndefined();
    expect(sex.parse('2')).toBe('2');
    expect(messageOf(sex, '3')).toBe('性别不正确');
  });

  it('trims a key, takes blank as no key and bounds its length', () => {
    const key = searchKeyField(4);
    expect(key.parse('  血常规 ')).toBe('血常规');
    expect(key.parse('   ')).toBeUndefined();
    expect(messageOf(key, '12345')).toBe('搜索关键字不能超过4个字符');
  });

  it('renders in the generated API documentation', () => {
    const input = z.object({ id: idField('模板ID'), key: searchKeyField(), sex: optionalChoiceField(['1'], 'x') });
    expect(() => z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' })).not.toThrow();
  });
});

describe('single-line fields', () => {
  it.each(['\t', '\n', '\r\n'])('refuse %j, even where a trim would take it away', (control) => {
    expect(messageOf(idField('科室'), `${control}12`)).toBe('科室不能包含换行或制表符');
    expect(messageOf(optionalIdField('套餐'), `12${control}`)).toBe('套餐不能包含换行或制表符');
    expect(messageOf(searchKeyField(), `高${control}血压`)).toBe('搜索关键字不能包含换行或制表符');
    expect(messageOf(orderIdField, `20261121000001${control}`)).toBe('体检号不能包含换行或制表符');
  });
});

describe('jsonField', () => {
  const names = jsonField(z.array(z.string()), '诊断');

  it('keeps tabs and line breaks inside its strings', () => {
    expect(names.parse('["第一行\\n第二行\\t备注"]')).toEqual(['第一行\n第二行\t备注']);
  });

  it('refuses a control character written as a JSON escape', () => {
    expect(messageOf(names, '["高血压\\u0000"]')).toBe('诊断含有不可见的控制字符');
    expect(messageOf(names, '{"\\u001b":1}')).toBe('诊断含有不可见的控制字符');
  });
});
