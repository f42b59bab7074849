import { beforeAll } from 'vitest';
import { departments, questionnaires, unions, usClassifies, usItems } from '../src/db/schema.js';
import { staffSession } from './support/access.js';
import { callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import type { FormsContext } from './exam-cfg-forms/context.js';
import { describeHisSync } from './exam-cfg-forms/his-sync.js';
import { describeQuestionnaires } from './exam-cfg-forms/questionnaire.js';
import { describeUltrasound } from './exam-cfg-forms/ultrasound.js';

/** 体检配置's ultrasound templates, questionnaires and HIS screens (issue 18 §2): one database per run target. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const seeded: FormsContext['seeded'] = { deptId: 0, classifyId: 0, usItemId: 0, questionnaireId: 0, unionId: 0 };

  beforeAll(async () => {
    const [dept] = await db().select({ id: departments.id }).from(departments).limit(1);
    seeded.deptId = dept!.id;
    const [classify] = await db().insert(usClassifies).values({ classifyName: '测试部位' }).returning();
    seeded.classifyId = classify!.id;
    const [item] = await db()
      .insert(usItems)
      .values({ itemName: '测试脏器', inputCode: 'CSZQ', classifyId: classify!.id, deptId: dept!.id })
      .returning();
    seeded.usItemId = item!.id;
    const [qn] = await db().insert(questionnaires).values({ qnName: '测试问卷' }).returning();
    seeded.questionnaireId = qn!.id;
    seeded.unionId = (await db().select({ id: unions.id }).from(unions).limit(1))[0]!.id;
  });

  let accounts = 0;
  const as = async (screen: string) =>
    callerFor(server, await staffSession(db(), `forms_${screen.replace(/\W/g, '_')}_${(accounts += 1)}`, [screen]));

  const context: FormsContext = { server, db, seeded, as };
  describeUltrasound(context);
  describeQuestionnaires(context);
  describeHisSync(context);
});
