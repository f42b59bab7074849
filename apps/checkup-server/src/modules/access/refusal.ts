import type { FastifyRequest } from 'fastify';
import { AppError, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/repository.js';

/**
 * Refuses a call a row-level rule forbids (issue 17 §1): one audit row, as the route check writes, then
 * 403 with a message that says what is missing, never what the row holds.
 */
export async function refuseAccess(
  db: Db,
  request: FastifyRequest,
  user: UserInfo,
  refusal: { target: string; rule: string; msg: string },
): Promise<never> {
  await recordAudit(db, request, 'access_denied', {
    userId: user.id,
    userAccount: user.user_account,
    target: refusal.target,
    detail: { method: request.method, path: request.routeOptions.url, rule: refusal.rule },
  });
  throw new AppError('FORBIDDEN', refusal.msg);
}
