import { departmentResource } from '@checkup/api-contract';
import { workGroups } from '../src/db/schema.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

/** 体检配置 (issue 18): each resource's generated suite, on one database per run target. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);

  describeResource(server, departmentResource, {
    valid: (n) => ({ dept_code: `T${n}`, dept_name: `测试科室${n}号`, dept_type: 'lab', sort: String(n % 97) }),
    invalid: [
      { form: { dept_code: '', dept_name: '内科', dept_type: 'check' }, message: '请填写科室编码' },
      {
        form: { dept_code: 'N K', dept_name: '内科', dept_type: 'check' },
        message: '科室编码只能包含字母、数字、-和_',
      },
      { form: { dept_code: 'NK2', dept_name: '内科', dept_type: 'ward' }, message: '请选择科室类型' },
      {
        form: { dept_code: 'NK3', dept_name: '内科', dept_type: 'check', sort: '-1' },
        message: '排序应在0到99999之间',
      },
    ],
    filterFor: (n) => ({ key: `科室${n}号` }),
    reference: async (db, id) => {
      await db.insert(workGroups).values({ deptId: id, groupName: '测试组' });
    },
  });
});
