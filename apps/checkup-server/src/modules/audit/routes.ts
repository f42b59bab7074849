import type { FastifyInstance } from 'fastify';
import { bizOperationLogResource, sysOperationLogResource } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { operationLogBinding } from './operation-log.js';

/** 系统操作日志 and 业务操作日志 (cfg): the audit log as two read-only resources, each to its screen. */
export async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  serveResource(app, opts.db, sysOperationLogResource, operationLogBinding('sys'));
  serveResource(app, opts.db, bizOperationLogResource, operationLogBinding('biz'));
}
