import type { FastifyInstance } from 'fastify';
import { companySearchDataRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { listCompaniesWithGroups } from './repository.js';

/** Spec §7 get_search_data: the registration desk's company picker (is_search_exam_area=1). */
export async function companyRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, companySearchDataRoute, ({ input }) =>
    listCompaniesWithGroups(opts.db, input.is_search_exam_area === '1'),
  );
}
