import { asc, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { diagnoses } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

const SEARCH_LIMIT = 50;

/**
 * The chief examiner picks from the whole diagnosis dictionary, every department's entries and the
 * general ones (dept-diag's search_diagnosis keeps a doctor to their department's).
 */
export async function searchAllDiagnoses(db: Db, keyword: string | undefined) {
  const text = keyword ? escapeLike(keyword) : undefined;
  return db
    .select({
      diag_id: diagnoses.id,
      diag_code: diagnoses.diagCode,
      diag_name: diagnoses.diagName,
      advice: diagnoses.advice,
    })
    .from(diagnoses)
    .where(text ? or(ilike(diagnoses.diagName, `%${text}%`), ilike(diagnoses.diagCode, `${text}%`)) : undefined)
    .orderBy(asc(diagnoses.diagName))
    .limit(SEARCH_LIMIT);
}
