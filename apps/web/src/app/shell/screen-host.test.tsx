import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, type AppRoute } from '@checkup/api-contract';
import { MAX_KEPT_PAGES } from './tabs-store';
import { ScreenHost } from './screen-host';

const mounts = new Map<string, number>();

// The real screens load their area chunks; here each is a marker that counts its mounts.
vi.mock('./area-screen', () => ({
  AreaScreen: ({ route }: { route: AppRoute }) => {
    useEffect(() => {
      mounts.set(route.path, (mounts.get(route.path) ?? 0) + 1);
    }, [route.path]);
    return <span>{route.title}</span>;
  },
}));

const keepAlive = APP_ROUTES.filter((r) => r.keepAlive).map((r) => r.path);

function renderHost(openPaths: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <ScreenHost openPaths={openPaths} roleMenu={['*']} /> }], {
    initialEntries: [openPaths[0]!],
  });
  const view = render(<RouterProvider router={router} />);
  const mounted = () =>
    [...view.container.querySelectorAll('[data-keep-alive]')].map((el) => el.getAttribute('data-keep-alive'));
  return { go: (path: string) => act(() => router.navigate(path)), mounted };
}

describe('keep-alive pages', () => {
  beforeEach(() => mounts.clear());

  it(`keeps the ${MAX_KEPT_PAGES} shown most recently mounted; an older one opens afresh`, async () => {
    expect(keepAlive.length).toBeGreaterThan(MAX_KEPT_PAGES + 2);
    const open = keepAlive.slice(0, MAX_KEPT_PAGES + 2);
    const { go, mounted } = renderHost(open);
    for (const path of open.slice(1)) await go(path);

    // Every tab is still open, but the two shown first are no longer mounted.
    expect(mounted()).toEqual(open.slice(2));
    expect(mounts.get(open[0]!)).toBe(1);

    // Back to the first: mounted again (a new instance), and now the third is the oldest dropped.
    await go(open[0]!);
    expect(mounts.get(open[0]!)).toBe(2);
    expect(mounted()).toEqual([open[0], ...open.slice(3)]);
  });

  it('keeps a revisited page mounted as it was while under the limit', async () => {
    const open = keepAlive.slice(0, 3);
    const { go, mounted } = renderHost(open);
    await go(open[1]!);
    await go(open[2]!);
    await go(open[0]!);
    expect(mounted()).toEqual(open);
    expect(open.map((p) => mounts.get(p))).toEqual([1, 1, 1]);
  });
});
