import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { judgeResult } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { diagnoses, itemDiagRules, itemResults } from '../../db/schema.js';
import { deptItems, orderInDept } from './dept-view-repository.js';

/**
 * match_diag_by_union: the diagnoses the abnormal results of a department (or one union of it)
 * suggest, through item_diag_rules. Unsaved results may be passed while the doctor types.
 */
export async function matchDiagnoses(
  db: Db,
  q: { orderId: string; deptId: number; unionId?: number; results?: { item_id: number; result_value: string }[] },
) {
  const head = await orderInDept(db, q.orderId, q.deptId);
  const items = (await deptItems(db, q.orderId, q.deptId, head.sex)).filter(
    (i) => q.unionId === undefined || i.unionId === q.unionId,
  );
  const values = new Map<number, string>(
    q.results
      ? q.results.map((r) => [r.item_id, r.result_value])
      : (
          await db
            .select({ itemId: itemResults.itemId, value: itemResults.resultValue })
            .from(itemResults)
            .where(and(eq(itemResults.orderId, q.orderId), eq(itemResults.deptId, q.deptId)))
        ).map((r) => [r.itemId, r.value]),
  );
  const abnormal = items
    .map((i) => ({
      ...i,
      value: values.get(i.item.id) ?? '',
      verdict: judgeResult(i.rule, values.get(i.item.id) ?? ''),
    }))
    .filter((i) => i.verdict.flag !== '');
  if (abnormal.length === 0) return [];
  const rules = await db
    .select({ itemId: itemDiagRules.itemId, direction: itemDiagRules.direction, diag: diagnoses })
    .from(itemDiagRules)
    .innerJoin(diagnoses, eq(diagnoses.id, itemDiagRules.diagId))
    .where(
      inArray(
        itemDiagRules.itemId,
        abnormal.map((a) => a.item.id),
      ),
    );
  const ruleOf = new Map(rules.map((r) => [`${r.itemId}:${r.direction}`, r.diag]));
  // A text finding names its own diagnosis through the dictionary's keywords (心电图: 窦性心动过缓,
  // 完全性右束支传导阻滞 …); the item's rule is the fallback.
  const worded = abnormal.some((a) => a.verdict.flag === 'A')
    ? await db
        .select()
        .from(diagnoses)
        .where(
          and(
            sql`jsonb_array_length(${diagnoses.keywords}) > 0`,
            or(eq(diagnoses.deptId, q.deptId), isNull(diagnoses.deptId)),
          ),
        )
    : [];
  const byKeyword = (finding: string) => {
    let best: { diag: (typeof worded)[number]; length: number } | null = null;
    for (const diag of worded) {
      for (const keyword of diag.keywords) {
        if (keyword && finding.includes(keyword) && keyword.length > (best?.length ?? 0))
          best = { diag, length: keyword.length };
      }
    }
    return best?.diag;
  };
  const seen = new Set<number>();
  const matches = [];
  for (const a of abnormal) {
    const diag =
      (a.verdict.flag === 'A' ? byKeyword(a.value) : undefined) ?? ruleOf.get(`${a.item.id}:${a.verdict.flag}`);
    if (!diag || seen.has(diag.id)) continue;
    seen.add(diag.id);
    const words =
      a.verdict.flag === 'H'
        ? (a.item.highWords ?? '偏高')
        : a.verdict.flag === 'L'
          ? (a.item.lowWords ?? '偏低')
          : a.value;
    matches.push({
      diag_id: diag.id,
      diag_name: diag.diagName,
      advice: diag.advice,
      life_guidance: diag.lifeGuidance,
      union_id: a.unionId,
      summary_content: `${a.item.itemName} ${words}`,
    });
  }
  return matches;
}
