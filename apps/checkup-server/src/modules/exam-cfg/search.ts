import { ilike, or, type SQL } from 'drizzle-orm';
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
