import { and, eq, sql } from 'drizzle-orm';
import { maskName, maskPersonalText, type InterfaceSystem } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { interfaceErrors } from '../../db/schema.js';

type Writer = Pick<Db, 'select' | 'insert' | 'update'>;

/** How 重试 runs a failed call again: the background job that made it, queued once more. */
export interface RetryPlan {
  job_id: number;
  job_kind: string;
  payload: Record<string, unknown>;
}

export interface InterfaceFailure {
  system: InterfaceSystem;
  /** The call in words, e.g. 报告领取短信通知. */
  callName: string;
  /** What the call was about (report_notice:12): a later failure counts on the same open row. */
  subject?: string;
  /** What was sent, already masked (maskedDestination). */
  request?: string;
  /** What came back, or why nothing did. */
  response: string;
  retry?: RetryPlan;
}

const MAX_TEXT = 2000;
const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, MAX_TEXT));

/** A recipient and address as the log may keep them: the name and the number or mailbox masked. */
export function maskedDestination(recipient: string, destination: string): string {
  const [local = '', domain] = destination.split('@');
  const address = domain === undefined ? maskPersonalText(destination) : `${local.slice(0, 1)}***@${domain}`;
  return `${maskName(recipient)}，${address}`;
}

/**
 * Writes down one failed outbound call (接口错误日志). A subject already waiting for a retry keeps its
 * row: the new failure counts as one more try and its answer replaces the last.
 */
export async function recordInterfaceError(db: Writer, failure: InterfaceFailure, now = new Date()): Promise<void> {
  if (failure.subject) {
    const updated = await db
      .update(interfaceErrors)
      .set({
        retryCount: sql`${interfaceErrors.retryCount} + 1`,
        responseText: clip(failure.response),
        requestText: clip(failure.request),
        retry: failure.retry ?? null,
        lastFailedAt: now,
        updatedAt: now,
      })
      .where(and(eq(interfaceErrors.subject, failure.subject), eq(interfaceErrors.state, 'pending')))
      .returning({ id: interfaceErrors.id });
    if (updated.length > 0) return;
  }
  await db.insert(interfaceErrors).values({
    system: failure.system,
    callName: failure.callName,
    subject: failure.subject ?? null,
    requestText: clip(failure.request),
    responseText: clip(failure.response),
    retry: failure.retry ?? null,
    occurredAt: now,
    lastFailedAt: now,
    updatedAt: now,
  });
}

/** The call about `subject` went through: its open rows are 已重试成功, the success counted as a try. */
export async function resolveInterfaceErrors(db: Writer, subject: string, now = new Date()): Promise<void> {
  await db
    .update(interfaceErrors)
    .set({ state: 'retried', retryCount: sql`${interfaceErrors.retryCount} + 1`, updatedAt: now })
    .where(and(eq(interfaceErrors.subject, subject), eq(interfaceErrors.state, 'pending')));
}
