import { checkIdNumber, type CardReaderParam } from '@checkup/api-contract';
import { isRecord } from '../transport/http.js';
import { ID_CARD_MESSAGES, type IdCardErrorCode } from './messages.js';

/** spec §3 ID card result, ready for the registration form. */
export interface IdCardResult {
  cust_name: string;
  /** '1' male, '2' female. */
  gender: '1' | '2';
  /** YYYY-MM-DD, from the ID number. */
  cust_birthday: string;
  /** Whole years on the day of reading. */
  age: number;
  cust_id_card: string;
  /** The photo as the reader sent it (usually base64 without a data: prefix). */
  base_img: string;
  folk: string;
  address: string;
}

/** What one get_info answer means for the polling loop. */
export type PollVerdict =
  | { kind: 'card'; card: IdCardResult }
  | { kind: 'waiting' }
  | { kind: 'error'; error: IdCardErrorCode; message: string };

type CardKeys = CardReaderParam['cardReaderCfg']['keys'];

/** spec §7: success is code 0 or status true. */
export const isReaderSuccess = (body: Record<string, unknown>) =>
  body.code === 0 || body.code === '0' || body.status === true;

/** spec §7: retcode 0x1 means the reader itself is not connected; helpers send it as text or number. */
export function isConnectionProblem(body: Record<string, unknown>): boolean {
  const { retcode } = body;
  if (typeof retcode === 'number') return retcode === 1;
  return typeof retcode === 'string' && /^(0x)?0*1$/i.test(retcode.trim());
}

export const deviceErrorMessage = (body: Record<string, unknown>) => {
  const detail = typeof body.retmsg === 'string' ? body.retmsg.trim() : '';
  return detail ? `${ID_CARD_MESSAGES.device_error}：${detail}` : ID_CARD_MESSAGES.device_error;
};

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function genderOf(value: unknown, fromIdNumber: '1' | '2'): '1' | '2' {
  const sex = text(value);
  if (sex === '男' || sex === '1') return '1';
  if (sex === '女' || sex === '2') return '2';
  return fromIdNumber;
}

export function ageOn(birthday: string, today: Date): number {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return Math.max(0, today.getFullYear() - year - (beforeBirthday ? 1 : 0));
}

const malformed: PollVerdict = { kind: 'error', error: 'malformed', message: ID_CARD_MESSAGES.malformed };

/** Reads one get_info answer through the key mapping of parameter 0110. */
export function readPollAnswer(body: unknown, keys: CardKeys, today: Date): PollVerdict {
  if (!isRecord(body)) return malformed;
  if (!isReaderSuccess(body)) {
    return isConnectionProblem(body)
      ? { kind: 'error', error: 'device_error', message: deviceErrorMessage(body) }
      : { kind: 'waiting' };
  }
  // Some helpers answer success with no data until a card is placed.
  if (body.data === null || body.data === undefined || body.data === '') return { kind: 'waiting' };
  const data = typeof body.data === 'string' ? safeParse(body.data) : body.data;
  if (!isRecord(data)) return malformed;
  const name = text(data[keys.name]);
  const idNumber = text(data[keys.code]).toUpperCase();
  if (!name || !idNumber) return malformed;
  const checked = checkIdNumber(idNumber);
  if (!checked.ok) return { kind: 'error', error: 'bad_id_number', message: checked.message };
  return {
    kind: 'card',
    card: {
      cust_name: name,
      gender: genderOf(data[keys.gender], checked.sex),
      cust_birthday: checked.birthday,
      age: ageOn(checked.birthday, today),
      cust_id_card: idNumber,
      base_img: text(data[keys.photo]),
      folk: text(data[keys.folk]),
      address: text(data[keys.address]),
    },
  };
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
