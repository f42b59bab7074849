import type { FastifyInstance } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError, TEMPLATE_RESOURCES, TEMPLATE_SET_DEFAULT_ROUTES, TEMPLATE_TYPES } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { selfTemplates } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { isUniqueViolation } from '../print-config/workstation-repository.js';
import { recordAudit } from '../audit/repository.js';
import { templateBinding } from './binding.js';

/** exam_cfg/self_defined_template: the ten template types, each a resource with 设为默认. */
export async function selfTemplateRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  for (const type of TEMPLATE_TYPES) {
    serveResource(app, db, TEMPLATE_RESOURCES[type], templateBinding(type));

    defineRoute(app, TEMPLATE_SET_DEFAULT_ROUTES[type], async ({ input, user, request }) => {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ suitType: selfTemplates.suitType, isActive: selfTemplates.isActive })
            .from(selfTemplates)
            .where(and(eq(selfTemplates.id, input.id), eq(selfTemplates.tempType, type)));
          if (!row) throw new AppError('RECORD_NOT_FOUND', '该模板不存在或已被删除');
          if (!row.isActive) throw new AppError('VALIDATION', '停用的模板不能设为默认');
          // Out of use first, then in: the unique index never sees two defaults of a type and 适用类型.
          const sameKind = and(eq(selfTemplates.tempType, type), eq(selfTemplates.suitType, row.suitType));
          await tx
            .update(selfTemplates)
            .set({ enableTemp: '0' })
            .where(and(sameKind, eq(selfTemplates.enableTemp, '1'), ne(selfTemplates.id, input.id)));
          await tx
            .update(selfTemplates)
            .set({ enableTemp: '1', updatedAt: sql`now()`, updatedBy: user.id })
            .where(eq(selfTemplates.id, input.id));
          await recordAudit(tx, request, 'template_set_default', {
            userId: user.id,
            userAccount: user.user_account,
            target: `template_${type}:${input.id}`,
            detail: { resource: `template_${type}`, suit_type: row.suitType },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', '其他用户正在设置默认模板，请刷新后重试');
        throw error;
      }
      return { id: input.id };
    });
  }
}
