import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  AppError,
  EXEC_LISTED_STATES,
  execChangeRoute,
  execListRoute,
  execOrderLinesRoute,
  execSignatureRoute,
  execWaiveSignedRoute,
  recycledListRoute,
  sheetRecycleRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { orderUnions } from '../../db/schema.js';
import { todayCst } from '../../lib/hospital-day.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { readStoredFile } from '../files/file-store.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { execVisit, searchExecLines } from './exec-repository.js';
import { SIGNATURE_PURPOSE, changeExec } from './exec-service.js';
import { recycledOn, recycleSheet } from './recycle-service.js';

/** Issue 19: item execution states (登记详情, 延期/弃检管理) and 导检单回收. */
export async function itemExecRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;

  defineRoute(app, execOrderLinesRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'item_exec');
    const visit = await execVisit(db, input.order_id);
    if (!visit) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    return visit;
  });

  defineRoute(app, execChangeRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'item_exec');
    return changeExec(db, input, user, request);
  });

  defineUploadRoute(app, execWaiveSignedRoute, async ({ input, file, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'item_exec');
    return changeExec(db, { ...input, action: 'waive', exec_date: undefined, signature: file }, user, request);
  });

  app.get(execSignatureRoute.path, { config: { access: execSignatureRoute.access } }, async (request, reply) => {
    const parsed = execSignatureRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const file = await readStoredFile(db, parsed.data.id, SIGNATURE_PURPOSE);
    const [line] = file
      ? await db
          .select({ orderId: orderUnions.orderId })
          .from(orderUnions)
          .where(eq(orderUnions.signatureFileId, file.id))
      : [];
    if (!file || !line) throw new AppError('RECORD_NOT_FOUND', '签名不存在');
    await assertCanViewPerson(db, request, request.user!, await personOfOrder(db, line.orderId), 'item_exec_signature');
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline; filename="signature.png"')
      .send(file.content);
  });

  defineRoute(app, execListRoute, async ({ input, user }) => {
    const { list, total } = await searchExecLines(db, {
      dateFrom: input.date_from,
      dateTo: input.date_to,
      deptId: input.dept_id,
      states: input.state ? [input.state] : EXEC_LISTED_STATES,
      key: input.key ? parseSearchKey(input.key, personalData) : undefined,
      mayViewConfidential: user.special_flag === '1',
      page: input.page,
      size: input.size,
    });
    return { list, total, page: input.page, size: input.size };
  });

  defineRoute(app, sheetRecycleRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'guide_sheet_recycle');
    return recycleSheet(db, input.order_id, user, request.ip);
  });

  defineRoute(app, recycledListRoute, async ({ input }) => {
    const { list, total } = await recycledOn(db, input.date ?? todayCst(), input.page, input.size);
    return { list, total, page: input.page, size: input.size };
  });
}
