/**
 * Idempotency-Key (IETF draft, issue 17 §2): one key per submitted form. A form sent again as it
 * was — the retry after 网络繁忙 (a gateway time-out whose registration went through anyway), a
 * second click while the first is on its way — carries the key of its first sending, so the
 * checkup server answers it with the first answer (or 请求正在处理中) instead of doing it twice.
 * Once a sending succeeds its key is spent: the same fields sent later are a new submission.
 */
export interface SubmissionKeys {
  keyFor(call: string, body: string): string;
  /** The call succeeded: the next sending of these fields is a new submission. */
  answered(call: string, body: string): void;
}

// Forms that failed and were left, not retried; a few are plenty to remember.
const REMEMBERED = 20;

/** 128 random bits; getRandomValues, unlike randomUUID, also works on a plain-http intranet address. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createSubmissionKeys(newKey: () => string = randomKey): SubmissionKeys {
  const pending = new Map<string, string>();
  const idOf = (call: string, body: string) => `${call}\n${body}`;
  return {
    keyFor(call, body) {
      const id = idOf(call, body);
      let key = pending.get(id);
      if (key === undefined) {
        key = newKey();
        pending.set(id, key);
        if (pending.size > REMEMBERED) pending.delete(pending.keys().next().value!);
      }
      return key;
    },
    answered(call, body) {
      pending.delete(idOf(call, body));
    },
  };
}
