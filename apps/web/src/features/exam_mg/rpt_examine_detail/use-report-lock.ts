import { useEffect, useState } from 'react';
import { lockReportReview, unlockReportReview, unlockReportReviewOnUnload } from './api/report-lock';

export type LockState = { state: 'locking' } | { state: 'held' } | { state: 'refused'; message: string };

/** The server lets a lock lapse after 15 minutes; an open page renews it well before. */
const LOCK_RENEW_MS = 5 * 60_000;

/**
 * The record lock of one report check (spec §7 lockReportReview): taken on open — refused with the
 * server's message naming the holder — renewed while open, and released when the screen unmounts
 * (its tab closed) or the page unloads (as dept_diag_detail/use-dept-lock.ts).
 */
export function useReportLock(orderId: string): LockState {
  const [lock, setLock] = useState<LockState>({ state: 'locking' });

  useEffect(() => {
    let live = true;
    let held = false;
    lockReportReview(orderId).then(
      () => {
        held = true;
        if (live) setLock({ state: 'held' });
        else void unlockReportReview(orderId).catch(() => undefined);
      },
      (err: Error) => live && setLock({ state: 'refused', message: err.message }),
    );
    const renew = setInterval(() => {
      if (held) void lockReportReview(orderId).catch(() => undefined);
    }, LOCK_RENEW_MS);
    const onPageHide = () => {
      if (held) unlockReportReviewOnUnload(orderId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      clearInterval(renew);
      window.removeEventListener('pagehide', onPageHide);
      if (held) void unlockReportReview(orderId).catch(() => undefined);
    };
  }, [orderId]);

  return lock;
}
