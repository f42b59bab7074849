import type { AnyResource } from './resource/define-resource.js';
import { departmentResource } from './exam-cfg/department.js';

/** Every resource of the contract (issue 18): the registry lists their descriptors, the tests walk them. */
export const RESOURCES: readonly AnyResource[] = [departmentResource];
