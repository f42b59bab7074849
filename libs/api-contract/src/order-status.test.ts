import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES, checkTransition, type OrderAction, type OrderStatus } from './order-status.js';

const actions = Object.keys(ORDER_ACTIONS) as OrderAction[];

describe('order status machine', () => {
  it('walks a visit from registration to a sent report one stage at a time', () => {
    const path: OrderAction[] = [
      'check_in',
      'start_exam',
      'finish_depts',
      'pass_first_trial',
      'pass_main_trial',
      'pass_final_trial',
      'print_report',
      'send_report',
    ];
    let status: OrderStatus = 'registered';
    for (const action of path) {
      const step = checkTransition(status, action);
      if (!step.ok) throw new Error(step.msg);
      status = step.to;
    }
    expect(status).toBe('report_sent');
  });

  it('refuses skipping a review step, with the current state named in Chinese', () => {
    expect(checkTransition('depts_done', 'pass_final_trial')).toEqual({
      ok: false,
      msg: '订单当前状态为「科室已完成」，不能终审通过',
    });
  });

  it('lets a reviewer return a visit to the departments only during review', () => {
    for (const status of ORDER_STATUSES) {
      const allowed = ['depts_done', 'first_trial', 'main_trial'].includes(status);
      expect(checkTransition(status, 'return_to_depts').ok).toBe(allowed);
    }
  });

  it('lets a department un-sign only a visit whose departments were done, back to 检查中', () => {
    expect(checkTransition('depts_done', 'unsign_dept')).toEqual({ ok: true, to: 'in_exam' });
    expect(checkTransition('first_trial', 'unsign_dept')).toEqual({
      ok: false,
      msg: '订单当前状态为「已初审」，不能科室反审核',
    });
  });

  it('keeps a sent report sent when it is printed again', () => {
    expect(checkTransition('report_sent', 'print_report')).toEqual({ ok: true, to: 'report_sent' });
  });

  it('never leads anywhere but forward, back to the departments, or the same report stage', () => {
    const rank = (s: OrderStatus) => ORDER_STATUSES.indexOf(s);
    for (const from of ORDER_STATUSES) {
      for (const action of actions) {
        const step = checkTransition(from, action);
        if (!step.ok) continue;
        // A reviewer's return and a department's 反审核 (issue 19) both lead back into the exam.
        if (action === 'return_to_depts' || action === 'unsign_dept') expect(step.to).toBe('in_exam');
        else expect(rank(step.to)).toBeGreaterThanOrEqual(rank(from));
      }
    }
  });
});
