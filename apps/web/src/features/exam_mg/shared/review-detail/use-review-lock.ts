import { useEffect, useState } from 'react';
import { lockReview, unlockReview, unlockReviewOnUnload } from './api/review-lock';

export type LockState = { state: 'locking' } | { state: 'held' } | { state: 'refused'; message: string };

/** The server lets a lock lapse after 15 minutes; an open page renews it well before. */
export const LOCK_RENEW_MS = 5 * 60_000;

/**
 * The exam review lock of one visit (spec §4, §7): taken on open — refused with the server's
 * message naming the holder, and the page then opens read-only — renewed while open, released with
 * review_unlock when the tab closes (unmount) or the page unloads (pagehide, keepalive).
 */
export function useReviewLock(orderId: string): LockState {
  const [lock, setLock] = useState<LockState>({ state: 'locking' });

  useEffect(() => {
    let live = true;
    let held = false;
    lockReview(orderId).then(
      () => {
        held = true;
        if (live) setLock({ state: 'held' });
        else void unlockReview(orderId).catch(() => undefined);
      },
      (err: Error) => live && setLock({ state: 'refused', message: err.message }),
    );
    const renew = setInterval(() => {
      if (held) void lockReview(orderId).catch(() => undefined);
    }, LOCK_RENEW_MS);
    const onPageHide = () => {
      if (held) unlockReviewOnUnload(orderId);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      live = false;
      clearInterval(renew);
      window.removeEventListener('pagehide', onPageHide);
      if (held) void unlockReview(orderId).catch(() => undefined);
    };
  }, [orderId]);

  return lock;
}
