import type { FastifyInstance } from 'fastify';
import { appVersionResource, branchResource, versionEntryResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { interfaceErrorRoutes } from '../interface-errors/routes.js';
import { branchBinding } from './branch.js';
import { licenceRoutes } from './licence.js';
import { appVersionBinding, versionEntryBinding } from './version-log.js';

/** 系统设置's 系统注册 (branches, licence), 版本日志 and 接口错误日志 (issue 21). */
export async function systemRegisterRoutes(app: FastifyInstance, opts: { db: Db }) {
  serveResource(app, opts.db, branchResource, branchBinding);
  licenceRoutes(app, opts.db);
  serveResource(app, opts.db, appVersionResource, appVersionBinding);
  serveResource(app, opts.db, versionEntryResource, versionEntryBinding);
  interfaceErrorRoutes(app, opts.db);
}
