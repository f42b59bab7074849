import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { consumeRefreshFlag, raiseRefreshFlag, resetRefreshFlag } from './refresh-flag';
import { useRefreshFlag } from './use-refresh-flag';

describe('dept_diag_detail refresh flag (spec §2, §9)', () => {
  beforeEach(() => resetRefreshFlag());
  afterEach(() => resetRefreshFlag());

  it('is read once', () => {
    expect(consumeRefreshFlag()).toBe(false);
    raiseRefreshFlag(1_000);
    expect(consumeRefreshFlag()).toBe(true);
    expect(consumeRefreshFlag()).toBe(false);
  });

  it('is raised at most once per 500 ms', () => {
    expect(raiseRefreshFlag(1_000)).toBe(true);
    consumeRefreshFlag();
    expect(raiseRefreshFlag(1_499)).toBe(false);
    expect(consumeRefreshFlag()).toBe(false);
    expect(raiseRefreshFlag(1_500)).toBe(true);
    expect(consumeRefreshFlag()).toBe(true);
  });

  it('reaches a detail screen already mounted, once per raise', () => {
    const reload = vi.fn();
    renderHook(() => useRefreshFlag(reload));
    expect(reload).not.toHaveBeenCalled();
    raiseRefreshFlag(1_000);
    raiseRefreshFlag(2_000);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(consumeRefreshFlag()).toBe(false);
  });

  it('reaches a detail screen mounting after the raise', () => {
    raiseRefreshFlag(1_000);
    const reload = vi.fn();
    renderHook(() => useRefreshFlag(reload));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(consumeRefreshFlag()).toBe(false);
  });
});
