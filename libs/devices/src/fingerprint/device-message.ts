import { isRecord } from '../transport/http.js';
import { isFingerprintStatusCode, type FingerprintStatusCode } from './status.js';

/** One message of the fingerprint service (spec §7): workmsg is the status code. */
export interface FingerprintDeviceMessage {
  code: FingerprintStatusCode;
  retmsg: string;
  data1: string;
  image: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Parses a socket message; null for anything that is not JSON with a known workmsg. */
export function parseDeviceMessage(data: unknown): FingerprintDeviceMessage | null {
  if (typeof data !== 'string') return null;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const code = text(body.workmsg).trim();
  if (!isFingerprintStatusCode(code)) return null;
  return { code, retmsg: text(body.retmsg), data1: text(body.data1), image: text(body.image) };
}

/** The commands the service understands (spec §7). */
export type FingerprintCommand = { cmd: 'enrol' } | { cmd: 'capture' } | { cmd: 'match'; data1: string; data2: string };
