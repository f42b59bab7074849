import { useEffect, useEffectEvent } from 'react';
import {
  QUEUE_DISPLAY_EVENT,
  queueDisplayEventSchema,
  queueDisplayStreamRoute,
  type QueueDisplayEvent,
} from '@checkup/api-contract';

export interface QueueStreamHandlers {
  onEvent: (event: QueueDisplayEvent) => void;
  /** The stream (re)opened after a break: what it missed comes by Last-Event-ID, the rest by a reload. */
  onReconnect: () => void;
}

/**
 * Follows the queue events of the departments from `after` on (GET display_stream, server-sent
 * events). The browser's EventSource reconnects by itself and resumes with Last-Event-ID, so the
 * caller fixes `after` once (the first snapshot's seq); null waits for it.
 */
export function useQueueStream(deptIds: string, after: number | null, handlers: QueueStreamHandlers): void {
  const onEvent = useEffectEvent(handlers.onEvent);
  const onReconnect = useEffectEvent(handlers.onReconnect);

  useEffect(() => {
    if (after === null) return;
    const query = new URLSearchParams({ dept_ids: deptIds, after: String(after) });
    const source = new EventSource(`${queueDisplayStreamRoute.path}?${query}`);
    let broken = false;
    source.addEventListener(QUEUE_DISPLAY_EVENT, (message) => {
      const parsed = queueDisplayEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (parsed.success) onEvent(parsed.data);
    });
    source.addEventListener('error', () => {
      broken = true;
    });
    source.addEventListener('open', () => {
      if (!broken) return;
      broken = false;
      onReconnect();
    });
    return () => source.close();
  }, [deptIds, after]);
}
