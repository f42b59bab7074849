import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  AppError,
  CUSTOM_REPORT_MANAGE,
  CUSTOM_REPORT_MAX_ROWS,
  CUSTOM_REPORT_MESSAGES as M,
  XLSX_TYPE,
  customReportEnableRoute,
  customReportExportRoute,
  customReportListRoute,
  customReportProblem,
  customReportRemoveRoute,
  customReportRolesRoute,
  customReportRunRoute,
  customReportSaveRoute,
  mayUse,
  type CustomReportDefinition,
  type CustomReportRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { customReports, roles, userRoles, users } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { attachment, today } from '../../lib/resource/resource-excel.js';
import { recordAudit } from '../audit/repository.js';
import { cellOf, customQuery, readOnly, runPage } from './custom-report-query.js';
import { selectRows } from './sql-rows.js';

/**
 * 自定义报表 (bi/customized_rpt, breadth §4.8): definitions kept by 管理自定义报表, run by the roles each
 * names. Written by hand rather than through serveResource: the list depends on the caller's roles and a
 * definition is checked against the view catalogue, not only by its form schema.
 */

type Stored = typeof customReports.$inferSelect;
const isManager = (user: UserInfo) => mayUse(CUSTOM_REPORT_MANAGE, user.role_menu);

async function roleIdsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

async function rowsOf(db: Db, where?: ReturnType<typeof eq>): Promise<CustomReportRow[]> {
  const rows = await db
    .select({ report: customReports, createdByName: users.userName })
    .from(customReports)
    .leftJoin(users, eq(users.id, customReports.createdBy))
    .where(where)
    .orderBy(asc(customReports.name));
  return rows.map(({ report: r, createdByName }) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    view: r.view as CustomReportRow['view'],
    columns: r.columns,
    params: r.params,
    aggregates: r.aggregates,
    sort: r.sort,
    role_ids: r.roleIds,
    enabled: r.enabled,
    version: r.version,
    created_by_name: createdByName,
    updated_at: (r.updatedAt ?? r.createdAt).toISOString(),
  }));
}

async function oneRow(db: Db, id: number): Promise<CustomReportRow> {
  const [row] = await rowsOf(db, eq(customReports.id, id));
  if (!row) throw new AppError('RECORD_NOT_FOUND', M.notFound);
  return row;
}

/** The definition the caller may run: enabled and given to one of its roles; any for a manager. */
async function runnable(db: Db, user: UserInfo, id: number): Promise<Stored> {
  const [stored] = await db.select().from(customReports).where(eq(customReports.id, id));
  if (!stored) throw new AppError('RECORD_NOT_FOUND', M.notFound);
  if (isManager(user)) return stored;
  const mine = await roleIdsOf(db, user.id);
  if (!stored.roleIds.some((r) => mine.has(r))) throw new AppError('FORBIDDEN', M.notAllowed);
  if (!stored.enabled) throw new AppError('VALIDATION', M.disabled);
  return stored;
}

const definitionOf = (s: Stored): CustomReportDefinition => ({
  name: s.name,
  description: s.description,
  view: s.view as CustomReportDefinition['view'],
  columns: s.columns,
  params: s.params,
  aggregates: s.aggregates,
  sort: s.sort.map((x) => ({ column: x.column, desc: x.desc })),
  role_ids: s.roleIds,
});

export function serveCustomReports(app: FastifyInstance, db: Db): void {
  defineRoute(app, customReportListRoute, async ({ user }) => {
    const all = await rowsOf(db);
    if (isManager(user)) return all;
    const mine = await roleIdsOf(db, user.id);
    return all.filter((r) => r.enabled && r.role_ids.some((id) => mine.has(id)));
  });

  defineRoute(app, customReportRolesRoute, () =>
    db
      .select({ id: roles.id, role_name: roles.roleName })
      .from(roles)
      .where(eq(roles.isActive, true))
      .orderBy(asc(roles.sort), asc(roles.id)),
  );

  defineRoute(app, customReportSaveRoute, async ({ input, user, request }) => {
    const { id, version, ...def } = input;
    const problem = customReportProblem(def);
    if (problem) throw new AppError('VALIDATION', problem);
    const [same] = await db
      .select({ id: customReports.id })
      .from(customReports)
      .where(id ? and(eq(customReports.name, def.name), ne(customReports.id, id)) : eq(customReports.name, def.name));
    if (same) throw new AppError('VALIDATION', M.duplicateName(def.name));
    const values = {
      name: def.name,
      description: def.description,
      view: def.view,
      columns: def.columns,
      params: def.params,
      aggregates: def.aggregates,
      sort: def.sort,
      roleIds: def.role_ids,
    };
    const savedId = await db.transaction(async (tx) => {
      let savedId: number;
      if (id) {
        const [updated] = await tx
          .update(customReports)
          .set({ ...values, version: sql`${customReports.version} + 1`, updatedAt: new Date(), updatedBy: user.id })
          .where(
            version === undefined
              ? eq(customReports.id, id)
              : and(eq(customReports.id, id), eq(customReports.version, version)),
          )
          .returning({ id: customReports.id });
        if (!updated) throw new AppError('CONFLICT', '报表已被他人修改或删除，请刷新后重试');
        savedId = updated.id;
      } else {
        const [inserted] = await tx
          .insert(customReports)
          .values({ ...values, createdBy: user.id })
          .returning({ id: customReports.id });
        savedId = inserted!.id;
      }
      await recordAudit(tx as unknown as Db, request, 'custom_report_save', {
        userId: user.id,
        userAccount: user.user_account,
        target: String(savedId),
        detail: { name: def.name, view: def.view, role_ids: def.role_ids },
      });
      return savedId;
    });
    return oneRow(db, savedId);
  });

  defineRoute(app, customReportRemoveRoute, async ({ input, user, request }) => {
    const id = Number(input.id);
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(customReports)
        .where(eq(customReports.id, id))
        .returning({ name: customReports.name });
      if (!removed) throw new AppError('RECORD_NOT_FOUND', M.notFound);
      await recordAudit(tx as unknown as Db, request, 'custom_report_remove', {
        userId: user.id,
        userAccount: user.user_account,
        target: String(id),
        detail: { name: removed.name },
      });
    });
    return { id };
  });

  defineRoute(app, customReportEnableRoute, async ({ input, user, request }) => {
    const id = Number(input.id);
    const enabled = input.enabled === '1';
    const [updated] = await db
      .update(customReports)
      .set({ enabled, updatedAt: new Date(), updatedBy: user.id, version: sql`${customReports.version} + 1` })
      .where(eq(customReports.id, id))
      .returning({ id: customReports.id });
    if (!updated) throw new AppError('RECORD_NOT_FOUND', M.notFound);
    await recordAudit(db, request, 'custom_report_enable', {
      userId: user.id,
      userAccount: user.user_account,
      target: String(id),
      detail: { enabled },
    });
    return oneRow(db, id);
  });

  defineRoute(app, customReportRunRoute, async ({ input, user }) => {
    const stored = await runnable(db, user, Number(input.id));
    const { query, columns } = customQuery(definitionOf(stored), input.params);
    const { rows, total, capped } = await readOnly(db, (tx) => runPage(tx, query, input.page, input.size));
    return {
      columns,
      list: rows.map((raw) => Object.fromEntries(columns.map((c) => [c.key, cellOf(c, raw[c.key])]))),
      total,
      page: input.page,
      size: input.size,
      capped,
    };
  });

  app.get(
    customReportExportRoute.path,
    { config: { access: customReportExportRoute.access } },
    async (request, reply) => {
      const parsed = customReportExportRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const stored = await runnable(db, request.user as UserInfo, Number(parsed.data.id));
      const { query, columns } = customQuery(definitionOf(stored), parsed.data.params);
      // At most CUSTOM_REPORT_MAX_ROWS, read at once inside the read-only transaction, then streamed out.
      const rows = await readOnly(db, (tx) => selectRows(tx, sql`${query} limit ${CUSTOM_REPORT_MAX_ROWS}`));

      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
      const sheet = workbook.addWorksheet(stored.name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31));
      sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: Math.max(12, c.title.length * 3) }));
      void (async () => {
        for (const raw of rows) {
          const cells = columns.map((c) => {
            const v = cellOf(c, raw[c.key]);
            // Money as a number cell (two decimals shown) so the sheet can add it up again.
            return [c.key, c.kind === 'money' && typeof v === 'string' ? Number(v) : v];
          });
          sheet.addRow(Object.fromEntries(cells)).commit();
        }
        for (const c of columns.filter((c) => c.kind === 'money')) sheet.getColumn(c.key).numFmt = '0.00';
        sheet.commit();
        await workbook.commit();
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'custom report export failed');
        out.destroy(error as Error);
      });
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`${stored.name}-${today()}.xlsx`))
        .send(out);
    },
  );
}
