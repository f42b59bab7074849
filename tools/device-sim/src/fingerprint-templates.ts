/**
 * Simulated templates: each capture of a finger gives a different string (as real templates do), yet
 * two templates of the same finger match. The score is what the device reports in workmsg 9.
 */
const PREFIX = 'SIMFP1:';
let serial = 0;

export function simTemplate(finger: string): string {
  serial += 1;
  return PREFIX + Buffer.from(JSON.stringify({ finger, serial }), 'utf8').toString('base64');
}

function fingerOf(template: unknown): string | null {
  if (typeof template !== 'string' || !template.startsWith(PREFIX)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(template.slice(PREFIX.length), 'base64').toString('utf8'));
    const finger = (decoded as { finger?: unknown }).finger;
    return typeof finger === 'string' ? finger : null;
  } catch {
    return null;
  }
}

export const SAME_FINGER_SCORE = 88;
export const OTHER_FINGER_SCORE = 12;

export function simMatchScore(data1: unknown, data2: unknown): number {
  const a = fingerOf(data1);
  const b = fingerOf(data2);
  if (a === null || b === null) return 0;
  return a === b ? SAME_FINGER_SCORE : OTHER_FINGER_SCORE;
}

/** A tiny grey PNG standing in for the fingerprint image (base64, no data: prefix). */
export const SIM_FINGER_IMAGE =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==';
