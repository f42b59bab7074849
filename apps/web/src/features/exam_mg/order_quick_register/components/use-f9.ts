import { useEffect, useEffectEvent } from 'react';

/**
 * F9 completes the registration (breadth.md §1.3: the desk's shortcut), from anywhere on the screen
 * but not from inside a dialog (a confirmation or the fingerprint window keeps its own keys).
 */
export function useF9(action: () => void, enabled: boolean): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'F9' || event.repeat) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('.ant-modal, [role="dialog"]')) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
