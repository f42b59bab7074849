import { WORKSTATION_ID_PATTERN } from '@checkup/api-contract';

/**
 * A workstation is this browser's own id, kept in local storage (打印配置): the server stores what
 * the workstation sets under it. Each origin keeps its own, so the kiosk port is told its id by its
 * start address (?workstation=…) instead.
 */
export const WORKSTATION_ID_KEY = 'workstation_id';

type IdStorage = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): IdStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The id this browser keeps, if it has one. */
export function storedWorkstationId(storage = localStore()): string | undefined {
  const id = storage?.getItem(WORKSTATION_ID_KEY) ?? '';
  return WORKSTATION_ID_PATTERN.test(id) ? id : undefined;
}

/**
 * The id this browser keeps, made the first time it is needed. 128 random bits from getRandomValues:
 * crypto.randomUUID exists only in secure contexts, and the intranet serves plain http.
 */
export function ensureWorkstationId(storage = localStore()): string {
  const stored = storedWorkstationId(storage);
  if (stored) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  storage?.setItem(WORKSTATION_ID_KEY, id);
  return id;
}

/** Keeps an id given by the page's address (the kiosk's start page); anything else is ignored. */
export function adoptWorkstationId(id: string | null | undefined, storage = localStore()): void {
  if (id && WORKSTATION_ID_PATTERN.test(id)) storage?.setItem(WORKSTATION_ID_KEY, id);
}
