import type { FastifyInstance } from 'fastify';
import {
  departmentResource,
  diagnosisResource,
  examItemResource,
  packageResource,
  unionResource,
  workGroupResource,
  diagnosisDetailResource,
  diagnosisItemResource,
  diagnosisMergeResource,
  healthGuidanceResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { departmentBinding } from './department.js';
import { diagnosisBinding } from './diagnosis.js';
import { examItemBinding } from './exam-item.js';
import { packageBinding, unionBinding } from './union.js';
import { workGroupBinding } from './work-group.js';
import { diagnosisDetailBinding } from './diagnosis-detail.js';
import { diagnosisItemBinding } from './diagnosis-item.js';
import { diagnosisMergeBinding } from './diagnosis-merge.js';
import { healthGuidanceBinding } from './health-guidance.js';

/** 体检配置 (exam_cfg): the catalogue the centre keeps itself, each part a resource (issue 18). */
export async function examCfgRoutes(app: FastifyInstance, opts: { db: Db }) {
  serveResource(app, opts.db, departmentResource, departmentBinding);
  serveResource(app, opts.db, workGroupResource, workGroupBinding);
  serveResource(app, opts.db, examItemResource, examItemBinding);
  serveResource(app, opts.db, unionResource, unionBinding);
  serveResource(app, opts.db, packageResource, packageBinding);
  serveResource(app, opts.db, diagnosisResource, diagnosisBinding);
  serveResource(app, opts.db, diagnosisDetailResource, diagnosisDetailBinding);
  serveResource(app, opts.db, diagnosisMergeResource, diagnosisMergeBinding);
  serveResource(app, opts.db, diagnosisItemResource, diagnosisItemBinding);
  serveResource(app, opts.db, healthGuidanceResource, healthGuidanceBinding);
}
