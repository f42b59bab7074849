import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, type questionnaireResource, type questionResource } from '@checkup/api-contract';
import { questionnaireQuestions, questionnaires, unions } from '../../db/schema.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { wordsMatch } from './search.js';

/** 问卷: a questionnaire and how many questions it holds. */
export const questionnaireBinding: ResourceBinding<typeof questionnaireResource> = {
  table: questionnaires,
  id: questionnaires.id,
  enabled: questionnaires.isActive,
  version: questionnaires.version,
  updatedAt: questionnaires.updatedAt,
  updatedBy: questionnaires.updatedBy,
  fields: {
    qn_name: questionnaires.qnName,
    gender_limit: questionnaires.genderLimit,
    age_min: questionnaires.ageMin,
    age_max: questionnaires.ageMax,
    description: questionnaires.description,
    sort: questionnaires.sort,
    question_count: sql<number>`(select count(*)::int from questionnaire_questions q
      where q.questionnaire_id = ${questionnaires.id})`,
  },
  values: (form) => ({
    qnName: form.qn_name,
    genderLimit: form.gender_limit,
    ageMin: form.age_min,
    ageMax: form.age_max,
    description: form.description,
    sort: form.sort,
  }),
  where: (filter) => [
    wordsMatch(filter.key, [questionnaires.qnName], []),
    filter.gender_limit ? eq(questionnaires.genderLimit, filter.gender_limit) : undefined,
    filter.enabled ? eq(questionnaires.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [asc(questionnaires.sort), asc(questionnaires.id)],
  unique: [{ column: questionnaires.qnName, field: 'qn_name', label: '问卷名称' }],
  references: [{ label: '题目', column: questionnaireQuestions.questionnaireId }],
};

/**
 * Every branch of a questionnaire must land on one of its questions: checked after each save, so a
 * new option naming a missing question and a renamed question others branch to are both refused.
 */
async function assertBranches(tx: Tx, questionnaireId: number, savedId: number) {
  const questions = await tx
    .select({
      id: questionnaireQuestions.id,
      code: questionnaireQuestions.questionCode,
      options: questionnaireQuestions.options,
    })
    .from(questionnaireQuestions)
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId));
  const codes = new Set(questions.map((q) => q.code));
  for (const question of questions) {
    const broken = question.options.find((o) => o.next_code !== null && !codes.has(o.next_code));
    if (!broken) continue;
    throw new AppError(
      'VALIDATION',
      question.id === savedId
        ? `选项“${broken.code}”的下一题编码“${broken.next_code}”在本问卷中不存在，请先添加该题目`
        : `题目“${question.code}”的选项“${broken.code}”跳转到“${broken.next_code}”，不能修改或删除该题目编码`,
    );
  }
}

/** 题目: a questionnaire's questions in order, each with its options. */
export const questionBinding: ResourceBinding<typeof questionResource> = {
  table: questionnaireQuestions,
  id: questionnaireQuestions.id,
  enabled: questionnaireQuestions.isActive,
  version: questionnaireQuestions.version,
  updatedAt: questionnaireQuestions.updatedAt,
  updatedBy: questionnaireQuestions.updatedBy,
  fields: {
    questionnaire_id: questionnaireQuestions.questionnaireId,
    question_code: questionnaireQuestions.questionCode,
    title: questionnaireQuestions.title,
    question_type: questionnaireQuestions.questionType,
    options: questionnaireQuestions.options,
    sort: questionnaireQuestions.sort,
  },
  values: (form) => ({
    questionnaireId: form.questionnaire_id,
    questionCode: form.question_code,
    title: form.title,
    questionType: form.question_type,
    options: form.options,
    sort: form.sort,
  }),
  where: (filter) => [
    filter.questionnaire_id ? eq(questionnaireQuestions.questionnaireId, filter.questionnaire_id) : undefined,
    wordsMatch(filter.key, [questionnaireQuestions.title], [questionnaireQuestions.questionCode]),
    filter.enabled ? eq(questionnaireQuestions.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [
    asc(questionnaireQuestions.questionnaireId),
    asc(questionnaireQuestions.sort),
    asc(questionnaireQuestions.id),
  ],
  unique: [
    {
      column: questionnaireQuestions.questionCode,
      field: 'question_code',
      label: '题目编码',
      within: [{ column: questionnaireQuestions.questionnaireId, field: 'questionnaire_id' }],
    },
  ],
  async afterSave(tx, id, form) {
    const [qn] = await tx
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(eq(questionnaires.id, form.questionnaire_id));
    if (!qn) throw new AppError('VALIDATION', '所选问卷不存在或已被删除，请刷新后重选');
    const unionIds = [...new Set(form.options.flatMap((o) => o.union_ids))];
    if (unionIds.length > 0) {
      const found = await tx.select({ id: unions.id }).from(unions).where(inArray(unions.id, unionIds));
      if (found.length !== unionIds.length) {
        throw new AppError('VALIDATION', '所选推荐组合项目不存在或已被删除，请刷新后重选');
      }
    }
    await assertBranches(tx, form.questionnaire_id, id);
  },
  async beforeRemove(tx, id) {
    const [gone] = await tx
      .select({ qn: questionnaireQuestions.questionnaireId, code: questionnaireQuestions.questionCode })
      .from(questionnaireQuestions)
      .where(eq(questionnaireQuestions.id, id));
    if (!gone) return;
    const [from] = await tx
      .select({ code: questionnaireQuestions.questionCode })
      .from(questionnaireQuestions)
      .where(
        and(
          eq(questionnaireQuestions.questionnaireId, gone.qn),
          sql`exists (select 1 from jsonb_array_elements(${questionnaireQuestions.options}) o
            where o->>'next_code' = ${gone.code})`,
        ),
      )
      .limit(1);
    if (from) throw new AppError('CONFLICT', `题目“${from.code}”的选项跳转到本题，请先修改该选项再删除`);
  },
};
