import { normalizePhone, type PersonalData } from './personal-data.js';

/**
 * What a search box's text means: an order number, an ID number, a phone, else a name prefix. ID
 * numbers and phones are matched exactly, by their look-up hash (personal-data.ts): a 15-digit number
 * finds the 18-digit form and the reverse, x finds X, and a phone may be typed with spaces or dashes.
 */
export type SearchKey = { orderId: string } | { idCardHash: string } | { phoneHash: string } | { namePrefix: string };

const ORDER_ID = /^\d{14}$/;
const ID_NUMBER = /^(\d{17}[\dXx]|\d{15})$/;
/** A mobile, or a landline with its area code (0571…). */
const PHONE = /^(1\d{10}|0\d{9,11})$/;

export function parseSearchKey(key: string, personalData: PersonalData): SearchKey {
  if (ORDER_ID.test(key)) return { orderId: key };
  if (ID_NUMBER.test(key)) return { idCardHash: personalData.idCardLookup(key) };
  if (PHONE.test(normalizePhone(key))) return { phoneHash: personalData.phoneLookup(key) };
  return { namePrefix: key };
}
