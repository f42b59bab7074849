import { DRAFT_RULES, saveDraft, type DraftKey, type DraftType } from './draft-store';

export interface DraftSchedulerOptions {
  /** Called after a scheduled save was written (the UI shows 体检诊断已保存草稿！). */
  onSaved?: () => void;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * Spec §4 draft flow: an edit schedules a save after the type's delay (§9: 60 s rev_apr, 10 s
 * dept_diag); a further edit adds its fields and starts the wait again, so a typing doctor is not
 * interrupted. No UI here: the caller passes what to do after a save.
 */
export function createDraftScheduler(type: DraftType, options: DraftSchedulerOptions = {}) {
  const storage = options.storage ?? localStorage;
  let pending: { key: DraftKey; fields: Record<string, unknown> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function write(notify: boolean): void {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const { key, fields } = pending;
    pending = null;
    if (saveDraft(type, key, fields, Date.now(), storage) && notify) options.onSaved?.();
  }

  return {
    edit(key: DraftKey, fields: Record<string, unknown>): void {
      // Another record's edits are written at once rather than merged into this one.
      if (pending && (pending.key.orderid !== key.orderid || pending.key.exam_dept_id !== key.exam_dept_id)) {
        write(false);
      }
      pending = { key, fields: { ...pending?.fields, ...fields } };
      clearTimeout(timer);
      timer = setTimeout(() => write(true), DRAFT_RULES[type].delayMs);
    },
    /** Writes what is pending now, without the notice (the page is going away). */
    flush: () => write(false),
    /** Forgets what is pending, e.g. because the server has just saved it. */
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
    isPending: () => pending !== null,
  };
}

export type DraftScheduler = ReturnType<typeof createDraftScheduler>;
