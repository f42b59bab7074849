import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AppError,
  HIS_CHANGE_ACTION_LABELS,
  HIS_CHANGE_STATE_LABELS,
  hisChangeHandleRoute,
  type hisChangeResource,
  hisParamSchema,
  hisStatusRoute,
  type HisChangeState,
  type hisMessageResource,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { hisChanges, hisMessages, parameters } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { rowOf, selectRows, type ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordAudit } from '../audit/repository.js';
import { PARAM } from '../parameters/codes.js';
import { wordsMatch } from './search.js';

const isoOf = (column: typeof hisMessages.sentAt | typeof hisChanges.createdAt) =>
  sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/** HIS消息: the log, newest first; read-only (the interface writes it). */
export const hisMessageBinding: ResourceBinding<typeof hisMessageResource> = {
  table: hisMessages,
  id: hisMessages.id,
  enabled: hisMessages.isActive,
  version: hisMessages.version,
  updatedAt: hisMessages.updatedAt,
  updatedBy: hisMessages.updatedBy,
  fields: {
    interface_name: hisMessages.interfaceName,
    exam_no: hisMessages.examNo,
    msg_type: hisMessages.msgType,
    status: hisMessages.status,
    direction: hisMessages.direction,
    call_mode: hisMessages.callMode,
    request_text: hisMessages.requestText,
    response_text: hisMessages.responseText,
    sent_at: isoOf(hisMessages.sentAt),
  },
  values: () => ({}),
  where: (filter) => [
    wordsMatch(filter.key, [hisMessages.interfaceName, hisMessages.msgType], [hisMessages.examNo]),
    filter.status ? eq(hisMessages.status, filter.status) : undefined,
    filter.direction ? eq(hisMessages.direction, filter.direction) : undefined,
    filter.call_mode ? eq(hisMessages.callMode, filter.call_mode) : undefined,
    filter.enabled ? eq(hisMessages.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [desc(hisMessages.sentAt), desc(hisMessages.id)],
};

/** HIS变更处理: the queue, what waits first. */
export const hisChangeBinding: ResourceBinding<typeof hisChangeResource> = {
  table: hisChanges,
  id: hisChanges.id,
  enabled: hisChanges.isActive,
  version: hisChanges.version,
  updatedAt: hisChanges.updatedAt,
  updatedBy: hisChanges.updatedBy,
  fields: {
    exam_no: hisChanges.examNo,
    customer_name: hisChanges.customerName,
    change_type: hisChanges.changeType,
    content: hisChanges.content,
    state: hisChanges.state,
    note: hisChanges.note,
    created_at: isoOf(hisChanges.createdAt),
  },
  values: () => ({}),
  where: (filter) => [
    wordsMatch(filter.key, [hisChanges.customerName, hisChanges.content], [hisChanges.examNo]),
    filter.change_type ? eq(hisChanges.changeType, filter.change_type) : undefined,
    filter.state ? eq(hisChanges.state, filter.state) : undefined,
    filter.enabled ? eq(hisChanges.isActive, filter.enabled === '1') : undefined,
  ],
  orderBy: [
    sql`case when ${hisChanges.state} in ('pending', 'resend') then 0 else 1 end`,
    asc(hisChanges.createdAt),
    asc(hisChanges.id),
  ],
};

/** The configured HIS, or null: parameter 0130 present, valid and enabled. */
export async function configuredHis(db: Db) {
  const [row] = await db
    .select({ value: parameters.paramValue })
    .from(parameters)
    .where(eq(parameters.paramCode, PARAM.HIS))
    .limit(1);
  const parsed = hisParamSchema.safeParse(row?.value);
  return parsed.success && parsed.data.enabled ? parsed.data : null;
}

/** What each action leaves: 处理 and 忽略 close a change; 重发 queues it for the interface. */
const NEXT_STATE = { handle: 'handled', resend: 'resend', ignore: 'ignored' } as const;
const OPEN_STATES: HisChangeState[] = ['pending', 'resend'];

export function hisSyncRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, hisStatusRoute, async () => {
    const his = await configuredHis(db);
    return { configured: his !== null, interface_name: his?.interface_name ?? null };
  });

  defineRoute(app, hisChangeHandleRoute, async ({ input, user, request }) => {
    const { id, version, action, note } = input;
    const label = HIS_CHANGE_ACTION_LABELS[action];
    if (action === 'resend' && !(await configuredHis(db))) {
      throw new AppError('ILLEGAL_TRANSITION', '未配置HIS接口，不能重发；可先“处理”（已在HIS中手工处理）或“忽略”');
    }
    return (await db.transaction(async (tx) => {
      const [current] = await tx.select().from(hisChanges).where(eq(hisChanges.id, id)).for('update');
      if (!current) throw new AppError('RECORD_NOT_FOUND', '该HIS变更不存在或已被删除');
      if (current.version !== version) throw new AppError('CONFLICT', '该HIS变更已被他人处理，请刷新后重试');
      if (!OPEN_STATES.includes(current.state as HisChangeState)) {
        const state = HIS_CHANGE_STATE_LABELS[current.state as HisChangeState] ?? current.state;
        throw new AppError('ILLEGAL_TRANSITION', `该HIS变更${state}，不能再${label}`);
      }
      await tx
        .update(hisChanges)
        .set({
          state: NEXT_STATE[action],
          note: note ?? current.note,
          version: sql`${hisChanges.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: user.id,
        })
        .where(and(eq(hisChanges.id, id), inArray(hisChanges.state, OPEN_STATES)));
      await recordAudit(tx, request, 'his_change_handle', {
        userId: user.id,
        userAccount: user.user_account,
        target: `his_change:${id}`,
        detail: { action, from: current.state, to: NEXT_STATE[action], exam_no: current.examNo, note },
      });
      const [raw] = await selectRows(tx, hisChangeBinding, eq(hisChanges.id, id));
      return rowOf(hisChangeBinding, raw!);
    })) as never;
  });
}
