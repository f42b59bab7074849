/** Spec §3 drafts: kept in local storage per draft type, so an unsaved diagnosis survives a closed tab. */
export type DraftType = 'rev_apr' | 'dept_diag';

/** Spec §9: save delay and retention per draft type; beyond the limit the oldest entry is dropped. */
export const DRAFT_RULES: Record<DraftType, { delayMs: number; limit: number }> = {
  rev_apr: { delayMs: 60_000, limit: 10 },
  dept_diag: { delayMs: 10_000, limit: 100 },
};

/** Spec §8: the notice after a draft is written. */
export const DRAFT_SAVED_MESSAGE = '体检诊断已保存草稿！';

export const draftStorageKey = (type: DraftType) => `checkup:draft:${type}`;

/** Which record a draft belongs to: the order, and for a department diagnosis the department exam. */
export interface DraftKey {
  orderid: string;
  exam_dept_id?: string;
}

export interface Draft extends DraftKey {
  /** Only the fields the user edited, by their form names. */
  fields: Record<string, unknown>;
  /** When it was written (ms since the epoch). */
  time: number;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem'>;

const sameRecord = (a: DraftKey, b: DraftKey) =>
  a.orderid === b.orderid && (a.exam_dept_id ?? '') === (b.exam_dept_id ?? '');

const isDraft = (value: unknown): value is Draft => {
  const d = value as Draft | null;
  return (
    typeof d?.orderid === 'string' &&
    (d.exam_dept_id === undefined || typeof d.exam_dept_id === 'string') &&
    typeof d.fields === 'object' &&
    d.fields !== null &&
    typeof d.time === 'number'
  );
};

/** The stored drafts of a type, oldest first; a corrupt value (or entry) is ignored, never thrown. */
export function loadDrafts(type: DraftType, storage: DraftStorage = localStorage): Draft[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(draftStorageKey(type)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isDraft) : [];
  } catch {
    return [];
  }
}

function store(type: DraftType, drafts: Draft[], storage: DraftStorage): boolean {
  try {
    storage.setItem(draftStorageKey(type), JSON.stringify(drafts));
    return true;
  } catch {
    // A full or disabled storage loses the draft, not the page.
    return false;
  }
}

/**
 * Writes the edited fields over the record's earlier draft (it becomes the newest) and drops the
 * oldest beyond the type's limit. Answers whether the draft was written.
 */
export function saveDraft(
  type: DraftType,
  key: DraftKey,
  fields: Record<string, unknown>,
  time: number,
  storage: DraftStorage = localStorage,
): boolean {
  const drafts = loadDrafts(type, storage);
  const earlier = drafts.find((d) => sameRecord(d, key));
  const draft: Draft = { ...key, fields: { ...earlier?.fields, ...fields }, time };
  const kept = [...drafts.filter((d) => !sameRecord(d, key)), draft].slice(-DRAFT_RULES[type].limit);
  return store(type, kept, storage);
}

/** The record's draft, read back by orderid (and exam_dept_id where given). */
export function readDraft(type: DraftType, key: DraftKey, storage: DraftStorage = localStorage): Draft | null {
  return loadDrafts(type, storage).find((d) => sameRecord(d, key)) ?? null;
}

/** Drops the record's draft, e.g. once the server has saved the real thing. */
export function clearDraft(type: DraftType, key: DraftKey, storage: DraftStorage = localStorage): void {
  const drafts = loadDrafts(type, storage);
  const rest = drafts.filter((d) => !sameRecord(d, key));
  if (rest.length !== drafts.length) store(type, rest, storage);
}
