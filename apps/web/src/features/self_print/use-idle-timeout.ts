import { useEffect, useEffectEvent } from 'react';

/** Issue 8 §3: a kiosk left alone this long goes back to the start and forgets the examinee. */
export const KIOSK_IDLE_MS = 60_000;

const ACTIVITY = ['pointerdown', 'touchstart', 'keydown'] as const;

/** Calls `onIdle` once `ms` pass without a touch, click or key. */
export function useIdleTimeout(onIdle: () => void, ms = KIOSK_IDLE_MS, enabled = true): void {
  const idle = useEffectEvent(onIdle);
  useEffect(() => {
    if (!enabled) return;
    let timer = setTimeout(() => idle(), ms);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle(), ms);
    };
    for (const type of ACTIVITY) window.addEventListener(type, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart);
    };
  }, [ms, enabled]);
}
