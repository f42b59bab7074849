import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_SAVED_MESSAGE, readDraft } from './draft-store';
import { useDraft } from './use-draft';

const dept = { orderid: 'A', exam_dept_id: '7' };

describe('useDraft', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('saves after the delay, shows 体检诊断已保存草稿！ and reads the draft back', () => {
    const notify = vi.fn();
    const { result } = renderHook(() => useDraft('dept_diag', dept, notify));
    act(() => result.current.edit({ summary: '血压偏高' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(notify).toHaveBeenCalledWith(DRAFT_SAVED_MESSAGE);
    expect(result.current.read()?.fields).toEqual({ summary: '血压偏高' });
  });

  it('clear removes the stored draft and the pending edit', () => {
    const notify = vi.fn();
    const { result } = renderHook(() => useDraft('dept_diag', dept, notify));
    act(() => result.current.edit({ summary: '一' }));
    act(() => vi.advanceTimersByTime(10_000));
    act(() => result.current.edit({ summary: '二' }));
    act(() => result.current.clear());
    act(() => vi.advanceTimersByTime(10_000));
    expect(readDraft('dept_diag', dept)).toBeNull();
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('keeps a pending edit when the page unmounts, without a notice', () => {
    const notify = vi.fn();
    const { result, unmount } = renderHook(() => useDraft('dept_diag', dept, notify));
    act(() => result.current.edit({ summary: '未保存' }));
    unmount();
    expect(readDraft('dept_diag', dept)?.fields).toEqual({ summary: '未保存' });
    expect(notify).not.toHaveBeenCalled();
  });
});
