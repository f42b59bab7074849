import { describe, expect, it } from 'vitest';
import {
  addScannedCode,
  deferredReportLabel,
  nextReviewStep,
  reviewBatchPassRoute,
  reviewUnpassRoute,
  statusAfterPass,
  totalCheckBlockers,
  totalCheckRefusal,
  unpassableStep,
} from './review-levels.js';

const line = (union_name: string, state: string, dept_signed = false) => ({ union_name, state, dept_signed });

describe('the 总检 entry gate', () => {
  it('blocks lines to record of an unsigned department and deferred ones, not done, waived or refused ones', () => {
    const lines = [
      line('血常规', '0'),
      line('尿常规', '5'),
      line('肝功能', '0', true),
      line('心电图', '3'),
      line('胸片', '2'),
      line('肾功能', '4'),
      line('血脂', '1'),
    ];
    expect(totalCheckBlockers(lines, false)).toEqual(['血常规', '尿常规', '心电图（迟检）']);
    expect(totalCheckBlockers(lines, true)).toEqual(['血常规', '尿常规']);
  });

  it('names the blocking lines in one Chinese sentence, or nothing when none', () => {
    expect(totalCheckRefusal(['血常规', '心电图（迟检）'])).toBe('以下项目尚未完成，不能总检：血常规、心电图（迟检）');
    expect(totalCheckRefusal([])).toBeNull();
  });

  it('lists a deferred line as 未检 in the report', () => {
    expect(deferredReportLabel('2031-04-20')).toBe('未检（迟检至2031-04-20）');
    expect(deferredReportLabel(null)).toBe('未检（迟检）');
  });
});

describe('反审', () => {
  it('undoes the level whose pass brought the visit where it is', () => {
    expect(statusAfterPass('first')).toBe('first_trial');
    expect(unpassableStep('first_trial')).toBe('first');
    expect(unpassableStep('main_trial')).toBe('main');
    expect(unpassableStep('final_trial')).toBe('final');
    expect(unpassableStep('depts_done')).toBeNull();
    expect(unpassableStep('report_printed')).toBeNull();
    expect(nextReviewStep('first')).toBe('main');
    expect(nextReviewStep('final')).toBeNull();
  });

  it('requires a reason and its own permission', () => {
    expect(reviewUnpassRoute.access).toEqual(['exam_mg/rev_apr_detail:unpass']);
    const blank = reviewUnpassRoute.input.safeParse({ order_id: '20310410900001', step: 'first', reason: ' ' });
    expect(blank.success ? '' : blank.error.issues[0]!.message).toBe('请填写反审原因');
  });
});

describe('批量通过', () => {
  it('adds a scanned code once, refusing duplicates and malformed codes', () => {
    const first = addScannedCode([], ' 20310410900001 ');
    expect(first).toEqual({ list: ['20310410900001'] });
    expect(addScannedCode(['20310410900001'], '20310410900001')).toEqual({
      error: '体检号「20310410900001」已在列表中',
    });
    expect(addScannedCode([], '体检号')).toEqual({ error: '体检号「体检号」格式不正确' });
    expect(addScannedCode([], '')).toEqual({ error: '请扫描体检号' });
  });

  it('refuses a list with the same code twice', () => {
    const dup = reviewBatchPassRoute.input.safeParse({
      step: 'first',
      order_ids: JSON.stringify(['20310410900001', '20310410900001']),
    });
    expect(dup.success ? '' : dup.error.issues[0]!.message).toBe('体检号有重复');
  });
});
