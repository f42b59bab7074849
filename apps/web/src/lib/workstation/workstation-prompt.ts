import { useSyncExternalStore } from 'react';

/**
 * The one question 打印配置 asks a browser: its workstation's name, the first time it prints. A print
 * waits on askWorkstationName(); the dialog the shell mounts answers it. Declining is remembered for
 * this browser session, so printing goes on with the centre's settings and the question comes back
 * another day.
 */
const SKIPPED_KEY = 'workstation_naming_skipped';

let pending: { answered: Promise<boolean>; resolve: (named: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Resolves true once the workstation is named, false when declined; a second print waits for the same answer. */
export function askWorkstationName(): Promise<boolean> {
  if (!pending) {
    let resolve: (named: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((r) => (resolve = r));
    pending = { answered, resolve };
    notify();
  }
  return pending.answered;
}

export function workstationNamingSkipped(): boolean {
  try {
    return sessionStorage.getItem(SKIPPED_KEY) === '1';
  } catch {
    return false;
  }
}

function answer(named: boolean): void {
  if (!named) {
    try {
      sessionStorage.setItem(SKIPPED_KEY, '1');
    } catch {
      // Without session storage the question is only asked again at the next print.
    }
  }
  const asked = pending;
  pending = null;
  notify();
  asked?.resolve(named);
}

/** For the dialog: whether a print waits for the name, and how to answer it. */
export function useWorkstationPrompt(): { open: boolean; answer: (named: boolean) => void } {
  const open = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
  );
  return { open, answer };
}
