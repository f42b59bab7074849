import type { FastifyInstance } from 'fastify';
import {
  departmentResource,
  diagnosisResource,
  examItemResource,
  packageResource,
  unionResource,
  workGroupResource,
  usClassifyResource,
  usItemResource,
  usSignResource,
  questionnaireResource,
  questionResource,
  hisChangeResource,
  hisMessageResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { departmentBinding } from './department.js';
import { diagnosisBinding } from './diagnosis.js';
import { examItemBinding } from './exam-item.js';
import { packageBinding, unionBinding } from './union.js';
import { workGroupBinding } from './work-group.js';
import { usClassifyBinding, usItemBinding, usSignBinding } from './ultrasound.js';
import { questionBinding, questionnaireBinding } from './questionnaire.js';
import { hisChangeBinding, hisMessageBinding, hisSyncRoutes } from './his-sync.js';

/** 体检配置 (exam_cfg): the catalogue the centre keeps itself, each part a resource (issue 18). */
export async function examCfgRoutes(app: FastifyInstance, opts: { db: Db }) {
  serveResource(app, opts.db, departmentResource, departmentBinding);
  serveResource(app, opts.db, workGroupResource, workGroupBinding);
  serveResource(app, opts.db, examItemResource, examItemBinding);
  serveResource(app, opts.db, unionResource, unionBinding);
  serveResource(app, opts.db, packageResource, packageBinding);
  serveResource(app, opts.db, diagnosisResource, diagnosisBinding);
  serveResource(app, opts.db, usClassifyResource, usClassifyBinding);
  serveResource(app, opts.db, usItemResource, usItemBinding);
  serveResource(app, opts.db, usSignResource, usSignBinding);
  serveResource(app, opts.db, questionnaireResource, questionnaireBinding);
  serveResource(app, opts.db, questionResource, questionBinding);
  serveResource(app, opts.db, hisMessageResource, hisMessageBinding);
  serveResource(app, opts.db, hisChangeResource, hisChangeBinding);
  hisSyncRoutes(app, opts.db);
}
