import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '@checkup/api-contract';
import { ChunkTimeoutError, loadArea, type LoadedScreens } from '../routes/area-chunks';
import type * as AreaChunks from '../routes/area-chunks';

const loads: (() => Promise<LoadedScreens | null>)[] = [];

// The shell's side of loading an area: each call answers what the test queued.
vi.mock('../routes/area-chunks', async (importOriginal) => {
  const original = await importOriginal<typeof AreaChunks>();
  return { ...original, loadArea: vi.fn(() => loads.shift()!()) };
});

const { AreaScreen } = await import('./area-screen');
const { loadArea: realLoadArea, strayScreenKeys } = await vi.importActual<typeof AreaChunks>('../routes/area-chunks');

const route = (screenKey: string, title: string): AppRoute => ({
  path: `/manager/exam_mg/${screenKey}`,
  title,
  area: 'exam_mg',
  menuKey: `exam_mg/${screenKey}`,
  screenKey,
  parentKey: null,
  hidden: false,
  quickAccess: false,
  keepAlive: false,
  isGroup: false,
  actions: [],
});

function renderScreen(r: AppRoute) {
  const router = createMemoryRouter([{ path: '*', element: <AreaScreen route={r} /> }], {
    initialEntries: [r.path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('loading an area (spec §9 chunk time-out)', () => {
  beforeEach(() => {
    loads.length = 0;
    vi.mocked(loadArea).mockClear();
  });

  it('says the page did not load in time and loads it again on 重新加载', async () => {
    loads.push(() => Promise.reject(new ChunkTimeoutError()));
    loads.push(() => Promise.resolve({ ward: () => <div>病区页面</div> }));
    renderScreen(route('ward', '病区'));

    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('病区页面')).toBeTruthy();
    expect(loadArea).toHaveBeenCalledTimes(2);
  });

  it('shows the developing page, with a way home, for a screen the area has not built', async () => {
    loads.push(() => Promise.resolve({ ward: () => <div>病区页面</div> }));
    const router = renderScreen(route('blood_mg', '采血管理'));

    expect(await screen.findByText('采血管理 · 功能开发中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/manager/exam_mg/home_page');
  });

  it('gives up on a chunk after the time-out, and answers no chunk for an area without one', async () => {
    vi.useFakeTimers();
    try {
      // 体检管理's chunk cannot arrive within 1 ms under fake timers.
      const pending = realLoadArea('exam_mg', 1);
      const failed = expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
      await vi.advanceTimersByTimeAsync(1);
      await failed;
    } finally {
      vi.useRealTimers();
    }
    expect(await realLoadArea('after_mg')).toBeNull();
  });

  it('names the screens a chunk holds under a key no route of its area has', () => {
    const screen = () => null;
    // How 审核分配 was once registered: its routes' keys are review_allot/…, so they showed the developing page.
    expect(strayScreenKeys('exam_mg', { first_review_allot: screen, order_mg: screen })).toEqual([
      'first_review_allot',
    ]);
    expect(strayScreenKeys('exam_mg', { 'review_allot/first_review_allot': screen })).toEqual([]);
  });
});
