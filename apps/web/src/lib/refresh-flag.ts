/**
 * Spec §2: opening department diagnosis detail right after the parameter settings page forces a
 * refresh flag, so the detail reloads the settings that may just have changed. Spec §9: raised at
 * most once per 500 ms, so a burst of navigations (a double click, a redirect) reloads once.
 */
export const REFRESH_FLAG_DEBOUNCE_MS = 500;

let raised = false;
let lastRaisedAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

/** Answers whether the flag was raised (false inside the 500 ms after the previous raise). */
export function raiseRefreshFlag(now = Date.now()): boolean {
  if (now - lastRaisedAt < REFRESH_FLAG_DEBOUNCE_MS) return false;
  lastRaisedAt = now;
  raised = true;
  listeners.forEach((listener) => listener());
  return true;
}

/** For the detail screen: whether to reload its settings; the flag is lowered as it is read. */
export function consumeRefreshFlag(): boolean {
  const was = raised;
  raised = false;
  return was;
}

/** For a mounted detail screen: called when the flag is raised. Answers the unsubscribe. */
export function onRefreshFlag(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests only: back to a fresh page. */
export function resetRefreshFlag(): void {
  raised = false;
  lastRaisedAt = Number.NEGATIVE_INFINITY;
  listeners.clear();
}
