import type { FastifyInstance } from 'fastify';
import {
  AppError,
  GROUP_LIST_KIND_LABELS,
  groupListDetailRoute,
  groupListImportRoute,
  groupListOrdersRoute,
  groupListPrepareRoute,
  groupListProgressRoute,
  groupListReportRoute,
  groupListTemplateRoute,
  groupPersonsRoute,
  XLSX_TYPE,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { readStoredFile } from '../files/file-store.js';
import type { PersonalData } from '../people/personal-data.js';
import { beginImport, IMPORT_REPORT, openGroupOrder } from './import-service.js';
import { listTemplate } from './list-excel.js';
import { prepareVisits } from './prepare-service.js';
import { GroupListTasks } from './progress.js';
import { listOpenOrders, listPersons, orderDetail } from './repository.js';

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** 名单导入 and 预登记 (breadth §2.7). */
export async function groupListRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;
  const tasks = new GroupListTasks();

  defineRoute(app, groupListOrdersRoute, ({ input }) => listOpenOrders(db, input));
  defineRoute(app, groupListDetailRoute, ({ input }) => orderDetail(db, input.id));
  defineRoute(app, groupPersonsRoute, ({ input }) => listPersons(db, personalData, input));

  app.get(
    groupListTemplateRoute.path,
    { config: { access: groupListTemplateRoute.access } },
    async (request, reply) => {
      const parsed = groupListTemplateRoute.input.safeParse(request.query);
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
      const { kind } = parsed.data;
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`${GROUP_LIST_KIND_LABELS[kind]}名单导入模板.xlsx`))
        .send(await listTemplate(kind));
    },
  );

  defineUploadRoute(app, groupListImportRoute, async ({ input, file, user, request }) => {
    const write = await beginImport(db, personalData, { orderId: input.id, data: file.data, user, request });
    return { ticket: tasks.start(user.id, async (progress) => ({ imported: await write(progress) })) };
  });

  defineRoute(app, groupListProgressRoute, ({ input, user }) => tasks.read(user.id, input.ticket));

  app.get(groupListReportRoute.path, { config: { access: groupListReportRoute.access } }, async (request, reply) => {
    const parsed = groupListReportRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const file = await readStoredFile(db, parsed.data.id, IMPORT_REPORT);
    if (!file) throw new AppError('RECORD_NOT_FOUND', '错误报告不存在或已被删除');
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(file.fileName)).send(file.content);
  });

  defineRoute(app, groupListPrepareRoute, async ({ input, user, request }) => {
    await openGroupOrder(db, input.id, 'prepare');
    const actor = { userId: user.id, userAccount: user.user_account, ip: request.ip };
    const ticket = tasks.start(user.id, async (progress) => ({
      prepared: await prepareVisits(db, personalData, {
        groupOrderId: input.id,
        personIds: input.person_ids,
        actor,
        progress,
      }),
    }));
    return { ticket };
  });

  app.addHook('onClose', () => tasks.settle());
}
