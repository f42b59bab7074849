import type { FastifyInstance } from 'fastify';
import {
  AppError,
  EDITABLE_PARAMETERS,
  getParameterRoute,
  parameterListRoute,
  saveParameterRoute,
  type ParameterRow,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { PARAM } from '../parameters/codes.js';
import { getParameterValue, listParameters, saveParameterValue } from '../parameters/repository.js';

const rowOf = (r: { paramCode: string; paramName: string; paramValue: unknown; updatedAt: Date }): ParameterRow => ({
  param_code: r.paramCode,
  param_name: r.paramName,
  param_value: r.paramValue,
  updated_at: r.updatedAt.toISOString(),
  editable: Object.hasOwn(EDITABLE_PARAMETERS, r.paramCode),
});

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

  // 参数设置 (cfg/par_cfg): every parameter but the internal ones; the editable ones carry their rules in the contract.
  defineRoute(app, parameterListRoute, async () => {
    const rows = await listParameters(opts.db);
    return rows.filter((r) => !INTERNAL_PARAMS.has(r.paramCode)).map(rowOf);
  });

  defineRoute(app, saveParameterRoute, async ({ input, user, request }) => {
    const name = EDITABLE_PARAMETERS[input.param_code].name;
    const saved = await opts.db.transaction(async (tx) => {
      const row = await saveParameterValue(tx, input.param_code, name, input.param_value);
      await recordAudit(tx, request, 'parameter_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: input.param_code,
        detail: { param_name: name },
      });
      return row;
    });
    request.log.info({ paramCode: input.param_code, user: user.user_account }, 'parameter saved');
    return rowOf(saved);
  });
}
