import type { FingerprintStatusCode } from '../fingerprint/status.js';

/** spec §4 flow: press, lift, press again, then the result. */
export const FINGERPRINT_STEPS = ['按手指', '抬起手指', '再次按手指', '结果'] as const;

const STEP_OF: Partial<Record<FingerprintStatusCode, number>> = {
  '2': 0,
  '3': 1,
  '21': 2,
  '51': 3,
  '50': 3,
  '61': 3,
  '60': 3,
  '8': 3,
  '9': 3,
};

/** The step a status moves the flow to; it never goes back within one operation (a lift after 21). */
export const nextStep = (current: number, code: FingerprintStatusCode) => Math.max(current, STEP_OF[code] ?? -1);
