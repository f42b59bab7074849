import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { breakfastRoutes } from './breakfast.js';
import { feedbackRoutes } from './feedback.js';

/** 客户管理's 意见反馈 and 早餐管理 (issue 22). */
export async function crmRoutes(app: FastifyInstance, opts: { db: Db }) {
  feedbackRoutes(app, opts.db);
  breakfastRoutes(app, opts.db);
}
