import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftScheduler } from './draft-scheduler';
import { readDraft } from './draft-store';

const dept = { orderid: 'A', exam_dept_id: '7' };

describe('draft scheduler (spec §4 draft flow)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('saves a dept_diag draft 10 s after the last edit, then notifies once', () => {
    const onSaved = vi.fn();
    const drafts = createDraftScheduler('dept_diag', { onSaved });
    drafts.edit(dept, { summary: '血' });
    vi.advanceTimersByTime(9_000);
    drafts.edit(dept, { summary: '血压偏高' });
    vi.advanceTimersByTime(9_999);
    expect(readDraft('dept_diag', dept)).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(readDraft('dept_diag', dept)?.fields).toEqual({ summary: '血压偏高' });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('waits 60 s for a rev_apr draft and keeps every edited field', () => {
    const onSaved = vi.fn();
    const drafts = createDraftScheduler('rev_apr', { onSaved });
    drafts.edit({ orderid: 'A' }, { advise: '复查' });
    vi.advanceTimersByTime(30_000);
    drafts.edit({ orderid: 'A' }, { conclusion: '未见异常' });
    vi.advanceTimersByTime(59_999);
    expect(drafts.isPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(readDraft('rev_apr', { orderid: 'A' })?.fields).toEqual({ advise: '复查', conclusion: '未见异常' });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('writes the first record at once when edits move to another record', () => {
    const drafts = createDraftScheduler('dept_diag');
    drafts.edit(dept, { x: 1 });
    drafts.edit({ orderid: 'B', exam_dept_id: '7' }, { x: 2 });
    expect(readDraft('dept_diag', dept)?.fields).toEqual({ x: 1 });
    expect(readDraft('dept_diag', { orderid: 'B', exam_dept_id: '7' })).toBeNull();
  });

  it('flush writes silently; cancel forgets', () => {
    const onSaved = vi.fn();
    const drafts = createDraftScheduler('dept_diag', { onSaved });
    drafts.edit(dept, { x: 1 });
    drafts.flush();
    expect(readDraft('dept_diag', dept)?.fields).toEqual({ x: 1 });
    drafts.edit(dept, { x: 2 });
    drafts.cancel();
    vi.advanceTimersByTime(60_000);
    expect(readDraft('dept_diag', dept)?.fields).toEqual({ x: 1 });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
