import { useEffect, useState } from 'react';
import { TITLE_DELAY_MS, TITLE_SUFFIX } from './theme';

/** Spec §1: one second after start the title becomes the configured name plus a fixed suffix. */
export function useDocumentTitle(name: string | undefined) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), TITLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (started && name) document.title = `${name}${TITLE_SUFFIX}`;
  }, [started, name]);
}
