import { ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '../../lib/like.js';

/** A list's search words: part of a name, or the start of a code (or of pinyin initials). */
export function wordsMatch(
  key: string | undefined,
  names: readonly PgColumn[],
  prefixes: readonly PgColumn[],
): SQL | undefined {
  if (!key) return undefined;
  const text = escapeLike(key);
  return or(...names.map((c) => ilike(c, `%${text}%`)), ...prefixes.map((c) => ilike(c, `${text}%`)));
}

/**
 * As wordsMatch, on the lower-case copies the large catalogue tables keep (schema/catalogue.ts
 * `folded`): the key is folded once per query and each row is matched with a plain LIKE, so a search
 * over 10,000 conclusion words stays a cheap scan on PGlite and PostgreSQL (bench:catalogue).
 */
export function foldedWordsMatch(
  key: string | undefined,
  names: readonly PgColumn[],
  prefixes: readonly PgColumn[],
): SQL | undefined {
  if (!key) return undefined;
  const text = escapeLike(key);
  const pattern = (value: string) => sql`lower(${value})`;
  return or(...names.map((c) => like(c, pattern(`%${text}%`))), ...prefixes.map((c) => like(c, pattern(`${text}%`))));
}
