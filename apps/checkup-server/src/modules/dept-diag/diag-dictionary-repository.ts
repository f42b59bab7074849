import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { diagnoses } from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';

/** Enough for a picker; the doctor narrows the key rather than scrolls. */
const SEARCH_LIMIT = 50;

/**
 * search_diagnosis: the dictionary entries a department doctor may pick — the department's own and
 * the general ones (dept_id null) — by part of the name or the start of the code.
 */
export async function searchDiagnoses(db: Db, deptId: number, keyword: string | undefined) {
  const text = keyword ? escapeLike(keyword) : undefined;
  return db
    .select({
      diag_id: diagnoses.id,
      diag_code: diagnoses.diagCode,
      diag_name: diagnoses.diagName,
      advice: diagnoses.advice,
    })
    .from(diagnoses)
    .where(
      and(
        or(eq(diagnoses.deptId, deptId), isNull(diagnoses.deptId)),
        text ? or(ilike(diagnoses.diagName, `%${text}%`), ilike(diagnoses.diagCode, `${text}%`)) : undefined,
      ),
    )
    .orderBy(asc(diagnoses.diagName))
    .limit(SEARCH_LIMIT);
}
