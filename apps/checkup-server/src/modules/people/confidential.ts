import { AppError, type UserInfo } from '@checkup/api-contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/repository.js';

export interface PersonRef {
  customerId: number;
  specialFlag: string;
  orderId?: string;
}

const mayViewConfidential = (user: UserInfo) => user.special_flag === '1';

/**
 * Spec §5 confidential persons, enforced on the server as well as in the web: a user without
 * special_flag '1' is refused and the refusal audited; a permitted look at one is audited too.
 */
export async function assertCanViewPerson(
  db: Db,
  request: FastifyRequest,
  user: UserInfo,
  person: PersonRef | undefined,
  purpose: string,
): Promise<void> {
  // Spec §5: an absent person is treated like a confidential one.
  if (!person) throw new AppError('RECORD_NOT_FOUND');
  if (person.specialFlag !== '1') return;
  const entry = {
    userId: user.id,
    userAccount: user.user_account,
    target: person.orderId ?? `customer:${person.customerId}`,
    detail: { customer_id: person.customerId, purpose },
  };
  if (!mayViewConfidential(user)) {
    await recordAudit(db, request, 'confidential_denied', entry);
    throw new AppError('CONFIDENTIAL_DENIED');
  }
  await recordAudit(db, request, 'confidential_access', entry);
}

/** In lists a confidential person's name is hidden from users who may not see them. */
export function listNameFor(user: UserInfo, name: string, specialFlag: string): string {
  return specialFlag === '1' && !mayViewConfidential(user) ? '***' : name;
}
