import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'action' | 'id' | 'createdAt' | 'ip'>;

/** Writes one audit row with the caller's address. */
export async function recordAudit(db: Db, request: FastifyRequest, action: string, entry: AuditEntry = {}) {
  await db.insert(auditLog).values({ action, ip: request.ip, ...entry });
}
