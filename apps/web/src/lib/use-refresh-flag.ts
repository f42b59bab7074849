import { useEffect, useRef } from 'react';
import { consumeRefreshFlag, onRefreshFlag } from './refresh-flag';

/**
 * For the department diagnosis detail screen (spec §2): calls `reload` when the refresh flag is up,
 * whether it was raised before the screen mounted or in the same navigation (the shell's effect
 * runs after the screen's), taking the flag down each time.
 */
export function useRefreshFlag(reload: () => void): void {
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);

  useEffect(() => {
    if (consumeRefreshFlag()) reloadRef.current();
    return onRefreshFlag(() => {
      if (consumeRefreshFlag()) reloadRef.current();
    });
  }, []);
}
