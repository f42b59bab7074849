import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, alreadyActiveMessage, setServiceTypeRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { PARAM, serviceModeParamSchema } from '../parameters/codes.js';
import { lockServiceMode, writeServiceMode } from './repository.js';

// Spec §4: without a stored mode the server runs as the checkup server.
const DEFAULT_SERVICE_TYPE = 1;

// Whatever else parameter 0001 holds is kept as it is.
const storedObject = z.record(z.string(), z.unknown()).catch({});

/**
 * Spec §4 server mode, kept in parameter 0001 where commondata/version reads it. The web asks twice
 * before it calls; here the switch is checked, applied and audited in one transaction.
 */
export async function externalRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, setServiceTypeRoute, async ({ input, user, request }) => {
    const actor = { userId: user.id, userAccount: user.user_account, target: PARAM.SERVICE_MODE };
    return db.transaction(async (tx) => {
      const stored = await lockServiceMode(tx);
      const parsed = serviceModeParamSchema.safeParse(stored);
      const from = parsed.success ? parsed.data.service_type : DEFAULT_SERVICE_TYPE;
      if (from === input.type) throw new AppError('ILLEGAL_TRANSITION', alreadyActiveMessage(input.type));
      await writeServiceMode(tx, { ...storedObject.parse(stored), service_type: input.type });
      await recordAudit(tx, request, 'service_type_switch', { ...actor, detail: { from, to: input.type } });
      return { service_type: input.type };
    });
  });
}
