import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { groupPriceRoutes } from './group-routes.js';
import { groupOrderRoutes } from './order-routes.js';
import { quoteRoutes } from './quote.js';

/** 客户管理's 团检单位, 团检报价 and 单位报价 (issue 22, breadth §2.3–2.4). */
export async function groupOrderModule(app: FastifyInstance, opts: { db: Db }) {
  groupOrderRoutes(app, opts.db);
  groupPriceRoutes(app, opts.db);
  quoteRoutes(app, opts.db);
}
