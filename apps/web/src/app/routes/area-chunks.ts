import type { ComponentType } from 'react';
import { APP_ROUTES, type Area, type ScreenKey } from '@checkup/api-contract';

/**
 * The screens an area chunk holds, by screen key (its path below the area, as the route table spells
 * it): a key the table does not have does not compile.
 */
export type AreaScreens<A extends Area = Area> = Partial<Record<ScreenKey<A>, ComponentType>>;

/** What the shell looks a route's screen up in. */
export type LoadedScreens = Partial<Record<string, ComponentType>>;

/**
 * Each area is one lazy chunk (issue 5 §1). An area without a built screen has no chunk: its
 * routes show the developing page.
 */
export const AREA_CHUNKS: { [A in Area]?: () => Promise<{ screens: AreaScreens<A> }> } = {
  exam_mg: () => import('../../features/exam_mg/screens'),
  cfg: () => import('../../features/cfg/screens'),
  exam_cfg: () => import('../../features/exam_cfg/screens'),
  finance_mg: () => import('../../features/finance_mg/screens'),
  management_data: () => import('../../features/management_data/screens'),
  crm: () => import('../../features/crm/screens'),
  bi: () => import('../../features/bi/screens'),
};

/** Spec §9: a chunk that has not loaded within this long is reported, with a retry. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('页面加载超时');
  }
}

/**
 * Screen keys of a chunk that no route of its area has: such a screen could never show (issue 17: the
 * 审核分配 screens once sat under keys of their own and their routes showed the developing page).
 */
export function strayScreenKeys(area: Area, screens: LoadedScreens): string[] {
  const keys = new Set(APP_ROUTES.filter((r) => r.area === area).map((r) => r.screenKey));
  return Object.keys(screens).filter((key) => !keys.has(key));
}

/** The area's screens, or a rejection after the timeout (a stalled network, a new deployment). */
export function loadArea(area: Area, timeoutMs = CHUNK_TIMEOUT_MS): Promise<LoadedScreens | null> {
  const load = AREA_CHUNKS[area] as (() => Promise<{ screens: LoadedScreens }>) | undefined;
  if (!load) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
  });
  const screens = load().then((m) => {
    const stray = strayScreenKeys(area, m.screens);
    // The types forbid it; a chunk built from older code would still say so in the e2e run's console.
    if (stray.length > 0) console.error(`页面键不在路由表中：${area}/${stray.join(', ')}`);
    return m.screens;
  });
  return Promise.race([screens, timeout]).finally(() => clearTimeout(timer));
}
