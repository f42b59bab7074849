import type { FastifyInstance } from 'fastify';
import { AppError, getParameterRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { PARAM } from '../parameters/codes.js';
import { getParameterValue } from '../parameters/repository.js';

/**
 * Parameters the server keeps to itself. 0002 drives request signing and field encryption (spec §7);
 * the gateway learns what it needs of it from commondata/version, and nobody reads it whole.
 */
const INTERNAL_PARAMS: ReadonlySet<string> = new Set([PARAM.API_SECURITY]);

export async function commonConfigRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, getParameterRoute, async ({ input }) => {
    if (INTERNAL_PARAMS.has(input.param_code)) {
      throw new AppError('FORBIDDEN', `参数${input.param_code}为系统内部参数，不能读取`);
    }
    const value = await getParameterValue(opts.db, input.param_code);
    if (value === undefined) {
      throw new AppError('RECORD_NOT_FOUND', `参数${input.param_code}不存在，请在参数设置中配置`);
    }
    return { param_code: input.param_code, param_value: value };
  });
}
