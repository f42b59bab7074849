import { useCallback, useEffect, useRef } from 'react';
import { createDraftScheduler, type DraftScheduler } from './draft-scheduler';
import { DRAFT_SAVED_MESSAGE, clearDraft, readDraft, type Draft, type DraftType } from './draft-store';

/**
 * A screen's draft of one record (spec §4 draft flow). `notify` shows the saved notice, so this
 * hook stays free of UI; a screen passes antd's message:
 *   const { message } = App.useApp();
 *   const draft = useDraft('dept_diag', { orderid, exam_dept_id }, (text) => message.success(text));
 */
export function useDraft(
  type: DraftType,
  key: { orderid: string; exam_dept_id?: string },
  notify: (text: string) => void,
) {
  const { orderid, exam_dept_id } = key;
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);

  const scheduler = useRef<DraftScheduler | null>(null);
  useEffect(() => {
    const drafts = createDraftScheduler(type, { onSaved: () => notifyRef.current(DRAFT_SAVED_MESSAGE) });
    scheduler.current = drafts;
    // Leaving the page (or the type changing) keeps what was typed, without a notice.
    return () => {
      drafts.flush();
      scheduler.current = null;
    };
  }, [type]);

  const edit = useCallback(
    (fields: Record<string, unknown>) => scheduler.current?.edit({ orderid, exam_dept_id }, fields),
    [orderid, exam_dept_id],
  );
  /** After the server saved the record: nothing pending, nothing stored. */
  const clear = useCallback(() => {
    scheduler.current?.cancel();
    clearDraft(type, { orderid, exam_dept_id });
  }, [type, orderid, exam_dept_id]);
  /** Read when asked, so a restore sees the latest stored draft. */
  const read = useCallback(
    (): Draft | null => readDraft(type, { orderid, exam_dept_id }),
    [type, orderid, exam_dept_id],
  );

  return { edit, clear, read };
}
