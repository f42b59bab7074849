import { z } from 'zod';

/**
 * Money in the contract (spec §5 amounts): typed and answered as text with two decimals, added up in
 * integer fen (分) so that no sum is a floating-point one; the database keeps numeric(10,2).
 */
export const MONEY_TEXT = /^\d{1,8}(\.\d{1,2})?$/;

/** '12.5' → 1250 fen; only called on text MONEY_TEXT accepted. */
export function fenOf(text: string): number {
  const [yuan, decimals = ''] = text.split('.');
  return Number(yuan) * 100 + Number(decimals.padEnd(2, '0'));
}

/** 1250 → '12.50' */
export function moneyText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A price typed into a form: up to two decimals, not negative; answered in fen. */
export function moneyField(label: string) {
  return z
    .union([z.string(), z.number()], { error: `请填写${label}` })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { message: `请填写${label}`, abort: true })
    .refine((value) => MONEY_TEXT.test(value), `${label}应为不小于0的金额，最多两位小数`)
    .transform(fenOf);
}

/** A money value as answered: text with two decimals. */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);
