import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = '体检管理系统';
  });
  afterEach(() => vi.useRealTimers());

  it('sets the configured name plus the suffix one second after start, not before', () => {
    renderHook(() => useDocumentTitle('示范医院体检中心'));
    act(() => vi.advanceTimersByTime(999));
    expect(document.title).toBe('体检管理系统');
    act(() => vi.advanceTimersByTime(1));
    expect(document.title).toBe('示范医院体检中心 - 体检管理系统');
  });

  it('waits for the name when it arrives after the second has passed', () => {
    const { rerender } = renderHook(({ name }) => useDocumentTitle(name), {
      initialProps: { name: undefined as string | undefined },
    });
    act(() => vi.advanceTimersByTime(1500));
    expect(document.title).toBe('体检管理系统');
    rerender({ name: '二院体检部' });
    expect(document.title).toBe('二院体检部 - 体检管理系统');
  });
});
