import type { AnyResource } from './resource/define-resource.js';
import { departmentResource } from './exam-cfg/department.js';
import { diagnosisResource } from './exam-cfg/diagnosis.js';
import { examItemResource } from './exam-cfg/exam-item.js';
import { packageResource, unionResource } from './exam-cfg/union.js';
import { workGroupResource } from './exam-cfg/work-group.js';
import { TEMPLATE_RESOURCES } from './self-template.js';

/** Every resource of the contract (issue 18): the registry lists their descriptors, the tests walk them. */
export const RESOURCES: readonly AnyResource[] = [
  departmentResource,
  workGroupResource,
  examItemResource,
  unionResource,
  packageResource,
  diagnosisResource,
  ...Object.values(TEMPLATE_RESOURCES),
];
