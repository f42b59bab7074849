import { describe, expect, it } from 'vitest';
import { EXEC_ACTIONS, checkExecMove, execActionsFrom, execChangeRoute } from './item-exec.js';
import { HANDLED_AT_EXIT, MUST_BE_RECORDED } from './item-execution.js';

describe('the execution moves of an ordered union', () => {
  it('lets a line to do be waived, deferred or refused, and nothing else', () => {
    expect(execActionsFrom('0')).toEqual(['waive', 'defer', 'refuse']);
    expect(checkExecMove('0', 'waive')).toEqual({ ok: true, to: '2' });
    expect(checkExecMove('0', 'defer')).toEqual({ ok: true, to: '3' });
    expect(checkExecMove('0', 'refuse')).toEqual({ ok: true, to: '4' });
    expect(checkExecMove('0', 'makeup')).toEqual({ ok: false, msg: '该项目当前为「未检」，不能补检' });
  });

  it('brings a waived or deferred line back as 补检, and any handled line back to 未检', () => {
    expect(checkExecMove('2', 'makeup')).toEqual({ ok: true, to: '5' });
    expect(checkExecMove('3', 'makeup')).toEqual({ ok: true, to: '5' });
    expect(checkExecMove('4', 'makeup').ok).toBe(false);
    for (const state of ['2', '3', '4', '5']) expect(checkExecMove(state, 'revert')).toEqual({ ok: true, to: '0' });
    expect(execActionsFrom('5')).toEqual(['waive', 'defer', 'refuse', 'revert']);
  });

  it('refuses every move of a line already examined with the centre’s message', () => {
    for (const action of EXEC_ACTIONS) expect(checkExecMove('1', action).ok).toBe(false);
    expect(checkExecMove('1', 'waive')).toEqual({ ok: false, msg: '已检查，无法进行弃检操作' });
    expect(checkExecMove('1', 'defer')).toEqual({ ok: false, msg: '已检查，无法进行迟检操作' });
  });

  it('never moves a line into a state that both must be recorded and is handled at the exit', () => {
    for (const state of ['0', '2', '3', '4', '5']) {
      for (const action of execActionsFrom(state)) {
        const move = checkExecMove(state, action);
        expect(move.ok && MUST_BE_RECORDED.has(move.to) && HANDLED_AT_EXIT.has(move.to)).toBe(false);
      }
    }
  });

  it('asks for a reason for 弃检 and 拒检 and a date for 迟检, in Chinese', () => {
    const parse = (fields: Record<string, string>) =>
      execChangeRoute.input.safeParse({ order_id: '20261125000001', union_id: '3', ...fields });
    expect(parse({ action: 'waive' }).error?.issues[0]?.message).toBe('请填写弃检原因');
    expect(parse({ action: 'refuse', reason: ' ' }).error?.issues[0]?.message).toBe('请填写拒检原因');
    expect(parse({ action: 'defer' }).error?.issues[0]?.message).toBe('请选择迟检日期');
    expect(parse({ action: 'defer', exec_date: '2026-11-30' }).success).toBe(true);
    expect(parse({ action: 'jump' }).error?.issues[0]?.message).toBe('操作不正确');
  });
});
