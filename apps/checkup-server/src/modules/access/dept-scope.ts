import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DEPT_DENIED_MSG, type UserInfo } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { userDepts } from '../../db/schema.js';
import { refuseAccess } from './refusal.js';

/** Whether the account enters results of this department: all ('*'), or one of its own. */
export async function worksIn(db: Db, user: UserInfo, deptId: number): Promise<boolean> {
  if (user.all_depts) return true;
  const [row] = await db
    .select({ deptId: userDepts.deptId })
    .from(userDepts)
    .where(and(eq(userDepts.userId, user.id), eq(userDepts.deptId, deptId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Department results, summaries, diagnoses, signatures and exceptions belong to the department's own
 * doctors (issue 17 §1); anyone else gets the spec's sub-department message (§5).
 */
export async function assertWorksIn(db: Db, request: FastifyRequest, user: UserInfo, deptId: number): Promise<void> {
  if (await worksIn(db, user, deptId)) return;
  await refuseAccess(db, request, user, { target: `dept:${deptId}`, rule: 'dept_scope', msg: DEPT_DENIED_MSG });
}
