import type { AnyResource } from './resource/define-resource.js';
import { departmentResource } from './exam-cfg/department.js';
import { diagnosisResource } from './exam-cfg/diagnosis.js';
import { examItemResource } from './exam-cfg/exam-item.js';
import { packageResource, unionResource } from './exam-cfg/union.js';
import { workGroupResource } from './exam-cfg/work-group.js';
import { frontLogResource } from './logfront.js';
import { bizOperationLogResource, sysOperationLogResource } from './operation-log.js';

/** Every resource of the contract (issue 18): the registry lists their descriptors, the tests walk them. */
export const RESOURCES: readonly AnyResource[] = [
  departmentResource,
  workGroupResource,
  examItemResource,
  unionResource,
  packageResource,
  diagnosisResource,
  // 系统设置's logs: read-only resources.
  frontLogResource,
  sysOperationLogResource,
  bizOperationLogResource,
];
