import type { FastifyInstance } from 'fastify';
import { DICTIONARIES, dataByCodeRoute, globalConfigRoute, versionRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { getParameterValue } from '../parameters/repository.js';
import { readGlobalConfig } from './global-config.js';
import { apiSecurityParamSchema, companyParamSchema, PARAM, serviceModeParamSchema } from '../parameters/codes.js';

export const APP_VERSION = '0.1.0';

export async function commondataRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, versionRoute, async () => {
    const [company, mode, security] = await Promise.all([
      getParameterValue(db, PARAM.COMPANY).then((v) => companyParamSchema.parse(v)),
      getParameterValue(db, PARAM.SERVICE_MODE).then((v) => serviceModeParamSchema.parse(v)),
      getParameterValue(db, PARAM.API_SECURITY).then((v) => apiSecurityParamSchema.parse(v)),
    ]);
    return {
      name: company.companyCfg.name,
      version: APP_VERSION,
      service_type: mode.service_type,
      systemColorStyle: company.companyCfg.systemColorStyle,
      is_record_fill_in_password: security.is_record_fill_in_password,
      encrypt_cfg: {
        api_params_encrypt: security.api_params_encrypt,
        api_integrity_verify: security.api_integrity_verify,
        api_encrypt_fields: security.api_encrypt_fields,
        api_signature_sort: security.api_signature_sort,
      },
    };
  });

  // The small dictionaries live in the contract, so the web and the server agree on every code.
  defineRoute(app, dataByCodeRoute, ({ input }) => DICTIONARIES[input.code].map((entry) => ({ ...entry })));

  defineRoute(app, globalConfigRoute, () => readGlobalConfig(db));
}
