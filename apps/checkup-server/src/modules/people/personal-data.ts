import { createHmac, hkdfSync } from 'node:crypto';
import { AppError, idNumberCheckChar, isValidIdNumber } from '@checkup/api-contract';
import { fromBase64Url, openText, sealText } from '../security/field-crypto.js';

/**
 * ID numbers and phone numbers at rest (issue 17 §2): the one module that seals, opens and hashes
 * them. A sealed value is `v1:<key id>:<base64url(iv | AES-256-GCM ciphertext | tag)>`; the key id
 * tells a rotation (db/rotate-data-key-cli.ts) which key sealed it. Look-ups never decrypt: they
 * compare an HMAC-SHA-256 of the normalised value, made with a second key derived from the same data key.
 */

/** Every column that holds sealed personal data; the name is authenticated with the value. */
export type SealedColumn =
  | 'customers.cust_id_card'
  | 'customers.phone'
  | 'companies.contact_phone'
  | 'report_deliveries.destination'
  | 'report_handovers.pickup_phone'
  | 'report_notices.phone'
  | 'sms_messages.phone'
  | 'exam_cards.buyer_phone';

const FORMAT = 'v1';
const KEY_ID_BYTES = 4;
const INFO = {
  encrypt: 'checkup-personal-data-encrypt',
  lookup: 'checkup-personal-data-lookup',
  keyId: 'checkup-personal-data-key-id',
} as const;

const derive = (dataKey: Buffer, info: string, bytes: number) =>
  Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, bytes));

/**
 * One person, one look-up value: trimmed, an x as X, and a valid 15-digit number (issued before
 * 1999, all born in the 1900s) widened to its 18-digit form as GB 11643-1999 defines it.
 */
export function normalizeIdNumber(value: string): string {
  const id = value.trim().toUpperCase();
  if (!/^\d{15}$/.test(id) || !isValidIdNumber(id)) return id;
  const first17 = `${id.slice(0, 6)}19${id.slice(6)}`;
  return `${first17}${idNumberCheckChar(first17)}`;
}

/** A phone as dialled: no spaces or dashes. */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s-]/g, '');
}

/** How every value sealed under a key begins. */
export const sealedPrefix = (keyId: string) => `${FORMAT}:${keyId}:`;

/** The key id of a sealed value, or null when it is not one. */
export function keyIdOf(sealed: string): string | null {
  const [format, keyId] = sealed.split(':', 2);
  return format === FORMAT && keyId ? keyId : null;
}

/** The customers columns of an ID number and a phone. */
export interface SealedIdentity {
  custIdCardEnc: string | null;
  custIdCardHash: string | null;
  phoneEnc: string | null;
  phoneHash: string | null;
}

/** Seals, opens and hashes personal data under one data key (modules/security/data-key.ts). */
export class PersonalData {
  /** Names the data key without revealing it: stored in every sealed value and in personal_data_key. */
  readonly keyId: string;
  private readonly encryptKey: Buffer;
  private readonly lookupKey: Buffer;

  constructor(dataKey: Buffer) {
    this.keyId = derive(dataKey, INFO.keyId, KEY_ID_BYTES).toString('hex');
    this.encryptKey = derive(dataKey, INFO.encrypt, 32);
    this.lookupKey = derive(dataKey, INFO.lookup, 32);
  }

  seal(column: SealedColumn, plain: string): string {
    const prefix = sealedPrefix(this.keyId);
    return `${prefix}${sealText(plain, this.encryptKey, Buffer.from(prefix + column)).toString('base64url')}`;
  }

  /**
   * The plain text of a sealed value. A value changed in the database, moved from another column or
   * sealed under another key is refused, never shown half-read.
   */
  open(column: SealedColumn, sealed: string): string {
    const prefix = sealedPrefix(this.keyId);
    const bytes = sealed.startsWith(prefix) ? fromBase64Url(sealed.slice(prefix.length)) : null;
    const plain = bytes && openText(bytes, this.encryptKey, Buffer.from(prefix + column));
    if (plain === null) throw new AppError('PERSONAL_DATA_UNREADABLE');
    return plain;
  }

  sealOrNull(column: SealedColumn, plain: string | null | undefined): string | null {
    return plain ? this.seal(column, plain) : null;
  }

  openOrNull(column: SealedColumn, sealed: string | null): string | null {
    return sealed === null ? null : this.open(column, sealed);
  }

  idCardLookup(idNumber: string): string {
    return this.lookup('id_card', normalizeIdNumber(idNumber));
  }

  phoneLookup(phone: string): string {
    return this.lookup('phone', normalizePhone(phone));
  }

  /** What the customers table stores of an examinee's ID number and phone. */
  sealIdentity(identity: { idCard?: string | null; phone?: string | null }): SealedIdentity {
    const { idCard, phone } = identity;
    return {
      custIdCardEnc: this.sealOrNull('customers.cust_id_card', idCard),
      custIdCardHash: idCard ? this.idCardLookup(idCard) : null,
      phoneEnc: this.sealOrNull('customers.phone', phone),
      phoneHash: phone ? this.phoneLookup(phone) : null,
    };
  }

  openIdentity(row: { custIdCardEnc: string | null; phoneEnc: string | null }) {
    return {
      idCard: this.openOrNull('customers.cust_id_card', row.custIdCardEnc),
      phone: this.openOrNull('customers.phone', row.phoneEnc),
    };
  }

  private lookup(kind: 'id_card' | 'phone', normalized: string): string {
    return createHmac('sha256', this.lookupKey).update(`${kind}:${normalized}`).digest('hex');
  }
}
