import type { FastifyInstance } from 'fastify';
import { departmentResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { departmentBinding } from './department.js';

/** 体检配置 (exam_cfg): the catalogue the centre keeps itself, each part a resource (issue 18). */
export async function examCfgRoutes(app: FastifyInstance, opts: { db: Db }) {
  serveResource(app, opts.db, departmentResource, departmentBinding);
}
