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
  applicationTypeResource,
  codeTableResource,
  consumableResource,
  dictDataResource,
  dictRefResource,
  dictTypeResource,
  harmFactorResource,
  msgTemplateResource,
  tableSettingResource,
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
import { diagnosisDetailBinding } from './diagnosis-detail.js';
import { diagnosisItemBinding } from './diagnosis-item.js';
import { diagnosisMergeBinding } from './diagnosis-merge.js';
import { healthGuidanceBinding } from './health-guidance.js';
import { applicationTypeBinding } from './application-type.js';
import { codeTableBinding } from './code-table.js';
import { consumableBinding } from './consumable.js';
import { dictDataBinding, dictRefBinding, dictTypeBinding } from './dictionary.js';
import { harmFactorBinding } from './harm-factor.js';
import { msgTemplateBinding } from './msg-template.js';
import { tableSettingBinding } from './table-setting.js';
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
  serveResource(app, opts.db, diagnosisDetailResource, diagnosisDetailBinding);
  serveResource(app, opts.db, diagnosisMergeResource, diagnosisMergeBinding);
  serveResource(app, opts.db, diagnosisItemResource, diagnosisItemBinding);
  serveResource(app, opts.db, healthGuidanceResource, healthGuidanceBinding);
  serveResource(app, opts.db, dictTypeResource, dictTypeBinding);
  serveResource(app, opts.db, dictDataResource, dictDataBinding);
  serveResource(app, opts.db, dictRefResource, dictRefBinding);
  serveResource(app, opts.db, harmFactorResource, harmFactorBinding);
  serveResource(app, opts.db, applicationTypeResource, applicationTypeBinding);
  serveResource(app, opts.db, codeTableResource, codeTableBinding);
  serveResource(app, opts.db, consumableResource, consumableBinding);
  serveResource(app, opts.db, msgTemplateResource, msgTemplateBinding);
  serveResource(app, opts.db, tableSettingResource, tableSettingBinding);
  serveResource(app, opts.db, usClassifyResource, usClassifyBinding);
  serveResource(app, opts.db, usItemResource, usItemBinding);
  serveResource(app, opts.db, usSignResource, usSignBinding);
  serveResource(app, opts.db, questionnaireResource, questionnaireBinding);
  serveResource(app, opts.db, questionResource, questionBinding);
  serveResource(app, opts.db, hisMessageResource, hisMessageBinding);
  serveResource(app, opts.db, hisChangeResource, hisChangeBinding);
  hisSyncRoutes(app, opts.db);
}
