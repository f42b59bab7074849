import { describe, expect, it } from 'vitest';
import { criticalValueHandleRoute, criticalValueListRoute, criticalValueNotifyRoute } from './critical-value.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('critical value calls', () => {
  it('reads blank list filters as no filter and pages by default', () => {
    const parsed = criticalValueListRoute.input.parse({ status: '', exam_dept_id: '', key: ' ' });
    expect(parsed).toEqual({
      status: undefined,
      level: undefined,
      exam_dept_id: undefined,
      key: undefined,
      page: 1,
      size: 20,
    });
  });

  it('accepts the three stages and open (not yet handled) as the status filter', () => {
    expect(criticalValueListRoute.input.parse({ status: '1' }).status).toBe('1');
    expect(criticalValueListRoute.input.parse({ status: 'open' }).status).toBe('open');
    expect(messageOf(criticalValueListRoute.input.safeParse({ status: '3' }))).toBe('处理状态不正确');
    expect(messageOf(criticalValueListRoute.input.safeParse({ level: '4' }))).toBe('危急程度不正确');
  });

  it('refuses a date range that ends before it starts', () => {
    const result = criticalValueListRoute.input.safeParse({ date_from: '2026-05-02', date_to: '2026-05-01' });
    expect(messageOf(result)).toBe('开始日期不能晚于结束日期');
  });

  it('asks for the person, the relation and the method of a notice in Chinese', () => {
    const base = { id: '7', notified_person: '张大山', notify_relation: 'relative', notify_method: 'phone' };
    expect(criticalValueNotifyRoute.input.parse(base)).toEqual({ ...base, id: 7 });
    expect(messageOf(criticalValueNotifyRoute.input.safeParse({ ...base, notified_person: '  ' }))).toBe(
      '请填写被通知人',
    );
    expect(messageOf(criticalValueNotifyRoute.input.safeParse({ ...base, notify_relation: 'friend' }))).toBe(
      '请选择被通知人与体检者的关系',
    );
    expect(messageOf(criticalValueNotifyRoute.input.safeParse({ ...base, notify_method: undefined }))).toBe(
      '请选择通知方式',
    );
  });

  it('requires a handling note of at most 500 characters', () => {
    expect(messageOf(criticalValueHandleRoute.input.safeParse({ id: 1, note: '' }))).toBe('请填写处理意见');
    expect(messageOf(criticalValueHandleRoute.input.safeParse({ id: 1, note: '字'.repeat(501) }))).toBe(
      '处理意见不能超过500字',
    );
    expect(messageOf(criticalValueHandleRoute.input.safeParse({ note: '已处理' }))).toBe('请传递危急值');
  });
});
