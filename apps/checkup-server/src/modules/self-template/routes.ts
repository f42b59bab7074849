import type { FastifyInstance } from 'fastify';
import {
  AppError,
  BARCODE_FIELDS,
  TEMPLATE_TYPE_LABELS,
  barcodeFieldsRoute,
  enableSelfTemplateRoute,
  saveSelfTemplateRoute,
  selfTemplateDetailRoute,
  selfTemplateListRoute,
  type SelfTemplateSummary,
  type TemplateType,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';
import { enableTemplate, findTemplate, insertTemplate, listTemplates, updateTemplate } from './repository.js';

const NOT_FOUND_MSG = '模板不存在或已被删除';

function toSummary(row: { id: number; tempType: string; tempName: string; enableTemp: string; updatedAt: Date }) {
  const tempType = row.tempType as TemplateType;
  return {
    id: row.id,
    temp_type: tempType,
    temp_type_name: TEMPLATE_TYPE_LABELS[tempType] ?? row.tempType,
    temp_name: row.tempName,
    enable_temp: row.enableTemp === '1' ? '1' : '0',
    updated_at: row.updatedAt.toISOString(),
  } satisfies SelfTemplateSummary;
}

/** exam_cfg/self_defined_template (spec §2); the barcode template prints with temp_config (spec §3). */
export async function selfTemplateRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, selfTemplateListRoute, async ({ input }) =>
    (await listTemplates(db, input.temp_type)).map(toSummary),
  );

  defineRoute(app, selfTemplateDetailRoute, async ({ input }) => {
    const row = await findTemplate(db, input.id);
    if (!row) throw new AppError('RECORD_NOT_FOUND', NOT_FOUND_MSG);
    return { ...toSummary(row), temp_config: row.tempConfig as Record<string, unknown> };
  });

  defineRoute(app, barcodeFieldsRoute, () => BARCODE_FIELDS.map((f) => ({ ...f })));

  defineRoute(app, saveSelfTemplateRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const fields = { tempName: input.temp_name, tempConfig: input.temp_config };
      let id = input.id;
      if (id === undefined) {
        id = await insertTemplate(tx, { ...fields, tempType: input.temp_type });
      } else {
        const existing = await findTemplate(tx, id);
        if (!existing) throw new AppError('RECORD_NOT_FOUND', NOT_FOUND_MSG);
        // A layout is drawn for its type: a barcode layout is no report layout.
        if (existing.tempType !== input.temp_type) throw new AppError('BAD_REQUEST', '模板类型不能修改，请新建模板');
        await updateTemplate(tx, id, fields);
      }
      await recordAudit(tx, request, 'self_template_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: String(id),
        detail: { temp_type: input.temp_type, created: input.id === undefined },
      });
      return { id };
    }),
  );

  defineRoute(app, enableSelfTemplateRoute, async ({ input, user, request }) => {
    await db.transaction(async (tx) => {
      const row = await findTemplate(tx, input.id);
      if (!row) throw new AppError('RECORD_NOT_FOUND', NOT_FOUND_MSG);
      await enableTemplate(tx, row.id, row.tempType);
      await recordAudit(tx, request, 'self_template_enable', {
        userId: user.id,
        userAccount: user.user_account,
        target: String(row.id),
        detail: { temp_type: row.tempType },
      });
    });
    return null;
  });
}
