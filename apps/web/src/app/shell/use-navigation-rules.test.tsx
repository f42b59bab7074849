import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consumeRefreshFlag, resetRefreshFlag } from '../../lib/refresh-flag';
import { renderScreen } from '../../test/render-screen';
import { DEPT_DIAG_DETAIL_PATH, PAR_CFG_PATH, useNavigationRules } from './use-navigation-rules';

function Shell() {
  useNavigationRules();
  return null;
}

function renderShell(first: string) {
  const { router } = renderScreen(<Shell />, { route: first, path: '*', antd: false });
  return (path: string) => act(() => router.navigate(path));
}

describe('shell navigation rules (spec §2)', () => {
  beforeEach(() => {
    resetRefreshFlag();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('raises the refresh flag when dept_diag_detail opens right after par_cfg', async () => {
    const go = renderShell(PAR_CFG_PATH);
    await go(`${DEPT_DIAG_DETAIL_PATH}?order_id=20261121000001`);
    expect(consumeRefreshFlag()).toBe(true);
  });

  it('does not raise it when dept_diag_detail opens from elsewhere', async () => {
    const go = renderShell(PAR_CFG_PATH);
    await go('/manager/exam_mg/dept_diag');
    await go(DEPT_DIAG_DETAIL_PATH);
    expect(consumeRefreshFlag()).toBe(false);
  });

  it('raises it at most once per 500 ms', async () => {
    const go = renderShell(PAR_CFG_PATH);
    await go(DEPT_DIAG_DETAIL_PATH);
    expect(consumeRefreshFlag()).toBe(true);
    vi.advanceTimersByTime(300);
    await go(PAR_CFG_PATH);
    await go(DEPT_DIAG_DETAIL_PATH);
    expect(consumeRefreshFlag()).toBe(false);
    vi.advanceTimersByTime(200);
    await go(PAR_CFG_PATH);
    await go(DEPT_DIAG_DETAIL_PATH);
    expect(consumeRefreshFlag()).toBe(true);
  });
});
