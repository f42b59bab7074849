import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  departments,
  questionnaireQuestions,
  questionnaires,
  unions,
  usClassifies,
  usItems,
  usSigns,
} from '../schema.js';
import { DEMO_QUESTIONNAIRE } from './exam-forms/questionnaire.js';
import { DEMO_US_CLASSIFIES, DEMO_US_ITEMS } from './exam-forms/ultrasound.js';

/**
 * The demo ultrasound templates: written only into an empty tree, so a centre's own templates are
 * never touched and a second run changes nothing.
 */
async function seedUltrasound(db: Db): Promise<void> {
  const [any] = await db.select({ id: usClassifies.id }).from(usClassifies).limit(1);
  if (any) return;
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.deptCode, 'CSK'));
  if (!dept) return;
  const classifyIds = new Map<string, number>();
  for (const [i, root] of DEMO_US_CLASSIFIES.entries()) {
    const [row] = await db
      .insert(usClassifies)
      .values({ classifyName: root.name, nameEn: root.nameEn, sort: i + 1 })
      .returning({ id: usClassifies.id });
    const children = await db
      .insert(usClassifies)
      .values(root.children.map((c, j) => ({ parentId: row!.id, classifyName: c.name, nameEn: c.nameEn, sort: j + 1 })))
      .returning({ id: usClassifies.id, name: usClassifies.classifyName });
    for (const child of children) classifyIds.set(child.name, child.id);
  }
  const items = await db
    .insert(usItems)
    .values(
      DEMO_US_ITEMS.map((item, i) => ({
        itemName: item.name,
        inputCode: item.inputCode,
        genderLimit: item.gender ?? '0',
        classifyId: classifyIds.get(item.classify)!,
        deptId: dept.id,
        sort: i + 1,
      })),
    )
    .returning({ id: usItems.id, name: usItems.itemName });
  const itemId = new Map(items.map((item) => [item.name, item.id]));
  await db.insert(usSigns).values(
    DEMO_US_ITEMS.flatMap((item) =>
      item.signs.map((sign, sort) => ({
        usItemId: itemId.get(item.name)!,
        signName: sign.name,
        isPositive: sign.positive,
        description: sign.description,
        conclusion: sign.conclusion,
        seriousType: sign.serious ?? '0',
        isDefault: sign.isDefault ?? false,
        sort: sort + 1,
      })),
    ),
  );
}

/** The demo health questionnaire, when there is none of its name yet. */
async function seedQuestionnaire(db: Db): Promise<void> {
  const qn = DEMO_QUESTIONNAIRE;
  const [created] = await db
    .insert(questionnaires)
    .values({ qnName: qn.name, description: qn.description, ageMin: qn.ageMin, sort: 1 })
    .onConflictDoNothing()
    .returning({ id: questionnaires.id });
  if (!created) return;
  const codes = [...new Set(qn.questions.flatMap((q) => q.options.flatMap((o) => o.unions ?? [])))];
  const unionIds = new Map(
    (
      await db.select({ id: unions.id, code: unions.unionCode }).from(unions).where(inArray(unions.unionCode, codes))
    ).map((u) => [u.code, u.id]),
  );
  await db.insert(questionnaireQuestions).values(
    qn.questions.map((q, sort) => ({
      questionnaireId: created.id,
      questionCode: q.code,
      title: q.title,
      questionType: q.type,
      sort: sort + 1,
      options: q.options.map((o) => ({
        code: o.code,
        content: o.content,
        next_code: o.next ?? null,
        union_ids: (o.unions ?? []).flatMap((code) => unionIds.get(code) ?? []),
      })),
    })),
  );
}

/** 体检配置's templates (issue 18 §2): ultrasound templates and the health questionnaire. */
export async function seedExamForms(db: Db): Promise<void> {
  await seedUltrasound(db);
  await seedQuestionnaire(db);
}
