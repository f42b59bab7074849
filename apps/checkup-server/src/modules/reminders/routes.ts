import type { FastifyInstance } from 'fastify';
import { asc, desc, eq, ilike, or } from 'drizzle-orm';
import { myRemindersRoute, noticeResource, noticeRoleOptionsRoute, readRemindersRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { notices, roles } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { escapeLike } from '../../lib/like.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { markRead, remindersFor } from './reminder-service.js';

/** 提醒数据 (management_data/remind_data): the header bell's reminders and the notices behind them. */
export async function reminderRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, myRemindersRoute, async ({ input, user }) => {
    const all = await remindersFor(db, user);
    return {
      list: input.kind ? all.filter((r) => r.kind === input.kind) : all,
      unread: all.filter((r) => !r.read).length,
    };
  });

  defineRoute(app, readRemindersRoute, async ({ input, user }) => ({ unread: await markRead(db, user, input.keys) }));

  defineRoute(app, noticeRoleOptionsRoute, () =>
    db
      .select({ id: roles.id, role_name: roles.roleName })
      .from(roles)
      .where(eq(roles.isActive, true))
      .orderBy(asc(roles.sort), asc(roles.id)),
  );

  // Written, changed and withdrawn (停用) through the resource layer, each with its audit row.
  serveResource(app, db, noticeResource, {
    table: notices,
    id: notices.id,
    enabled: notices.enabled,
    version: notices.version,
    updatedAt: notices.updatedAt,
    updatedBy: notices.updatedBy,
    fields: {
      title: notices.title,
      content: notices.content,
      role_ids: notices.roleIds,
      user_ids: notices.userIds,
      valid_until: notices.validUntil,
      created_at: notices.createdAt,
    },
    values: (form) => ({
      title: form.title,
      content: form.content,
      roleIds: form.role_ids,
      userIds: form.user_ids,
      validUntil: form.valid_until,
    }),
    where: (filter) => {
      const pattern = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
      return [
        pattern ? or(ilike(notices.title, pattern), ilike(notices.content, pattern)) : undefined,
        filter.enabled ? eq(notices.enabled, filter.enabled === '1') : undefined,
      ];
    },
    orderBy: [desc(notices.createdAt), desc(notices.id)],
    toRow: (row) => ({ ...row, created_at: (row.created_at as Date).toISOString() }),
  });
}
