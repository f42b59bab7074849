import type { ComponentType } from 'react';
import type { Area } from '@checkup/api-contract';

/** The screens an area chunk holds, by screen key (its path below the area). */
export type AreaScreens = Partial<Record<string, ComponentType>>;

/**
 * Each area is one lazy chunk (issue 5 §1). An area without a built screen has no chunk: its
 * routes show the developing page.
 */
export const AREA_CHUNKS: Partial<Record<Area, () => Promise<{ screens: AreaScreens }>>> = {
  exam_mg: () => import('../../features/exam_mg/screens'),
  cfg: () => import('../../features/cfg/screens'),
};

/** Spec §9: a chunk that has not loaded within this long is reported, with a retry. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('页面加载超时');
  }
}

/** The area's screens, or a rejection after the timeout (a stalled network, a new deployment). */
export function loadArea(area: Area, timeoutMs = CHUNK_TIMEOUT_MS): Promise<AreaScreens | null> {
  const load = AREA_CHUNKS[area];
  if (!load) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
  });
  return Promise.race([load().then((m) => m.screens), timeout]).finally(() => clearTimeout(timer));
}
