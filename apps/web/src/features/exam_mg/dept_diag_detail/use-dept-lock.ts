import { useEffect, useState } from 'react';
import { lockDept, unlockDept, unlockDeptOnUnload } from './api/dept-lock';
import type { DeptRecord } from './api/get-dept-diagnosis';

export type LockState = { state: 'locking' } | { state: 'held' } | { state: 'refused'; message: string };

/** The server lets a lock lapse after 15 minutes; an open page renews it well before. */
export const LOCK_RENEW_MS = 5 * 60_000;

/**
 * The record lock of one department of one order (spec §4, §7): taken on open — refused with the
 * server's message naming the holder — renewed while open, and released when the screen unmounts
 * (its tab closed) or the page unloads.
 */
export function useDeptLock({ orderId, deptId }: DeptRecord): LockState {
  const [lock, setLock] = useState<LockState>({ state: 'locking' });

  useEffect(() => {
    const record = { orderId, deptId };
    let live = true;
    let held = false;
    lockDept(record).then(
      () => {
        held = true;
        if (live) setLock({ state: 'held' });
        else void unlockDept(record).catch(() => undefined);
      },
      (err: Error) => live && setLock({ state: 'refused', message: err.message }),
    );
    const renew = setInterval(() => {
      if (held) void lockDept(record).catch(() => undefined);
    }, LOCK_RENEW_MS);
    const onPageHide = () => {
      if (held) unlockDeptOnUnload(record);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      clearInterval(renew);
      window.removeEventListener('pagehide', onPageHide);
      if (held) void unlockDept(record).catch(() => undefined);
    };
  }, [orderId, deptId]);

  return lock;
}
