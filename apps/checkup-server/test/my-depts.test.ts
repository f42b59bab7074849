import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@checkup/api-contract';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';

const MY_DEPTS = '/manager/api/departmentdiagnosis/my_depts';

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const names = async (account: string, password = DEMO_PASSWORD) =>
    (
      (await callerFor(server, await tokenFor(server, account, password)).get(MY_DEPTS)).json().data as {
        dept_name: string;
      }[]
    ).map((d) => d.dept_name);

  beforeAll(async () => {
    await addStaff(server.database.db, 'nodept_doc', '无科室医生', '0', { menu: ['exam_mg/dept_diag'], depts: [] });
  });

  it('answers a demo doctor their own departments', async () => {
    expect(await names('doctor2')).toEqual(['检验科']);
    expect((await names('doctor1')).length).toBeGreaterThan(3);
  });

  it('answers every active department to an account of all departments', async () => {
    const all = await names('admin');
    expect(all).toEqual(expect.arrayContaining(['检验科', '内科']));
    expect(all.length).toBeGreaterThanOrEqual((await names('doctor1')).length + 1);
  });

  it('answers an empty list to a doctor without departments', async () => {
    expect(await names('nodept_doc', 'Test@2026pass')).toEqual([]);
  });
});
