import { describe, expect, it } from 'vitest';
import { formatQueueNo, queueAddRoute, queueCallText, queueCallNextRoute, queueRecallRoute } from './queue.js';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('queue calls', () => {
  it('formats the called-out number with three digits', () => {
    expect(formatQueueNo(7)).toBe('A007');
    expect(formatQueueNo(123)).toBe('A123');
    expect(formatQueueNo(1024)).toBe('A1024');
  });

  it('calls a confidential person, who has no display name, by number only', () => {
    expect(queueCallText({ queue_no: 1, display_name: '张*三', dept_name: '心电图室' })).toBe(
      '请 A001 号 张*三 到 心电图室 就诊',
    );
    expect(queueCallText({ queue_no: 3, display_name: '', dept_name: '眼科' })).toBe('请 A003 号到 眼科 就诊');
  });

  it('requires a department to call the next examinee', () => {
    expect(queueCallNextRoute.input.parse({ exam_dept_id: '3' })).toEqual({ exam_dept_id: 3 });
    expect(messageOf(queueCallNextRoute.input.safeParse({}))).toBe('请传递科室');
  });

  it('adds by a scanned order id, the department optional', () => {
    expect(queueAddRoute.input.parse({ order_id: ' 20261122000001 ', exam_dept_id: '' })).toEqual({
      order_id: '20261122000001',
      exam_dept_id: undefined,
    });
    expect(messageOf(queueAddRoute.input.safeParse({ order_id: '12-34' }))).toBe('体检号格式不正确');
  });

  it('names the queue record in its refusal', () => {
    expect(messageOf(queueRecallRoute.input.safeParse({ entry_id: 'x' }))).toBe('排队记录格式不正确');
  });

  it('answers a null entry when nobody is waiting', () => {
    expect(queueCallNextRoute.output.parse({ entry: null })).toEqual({ entry: null });
  });
});
