import type { FastifyInstance } from 'fastify';
import {
  AppError,
  fenText,
  toFen,
  handoverRevokeRoute,
  handoverRoute,
  maskName,
  maskPhone,
  noticeCancelRoute,
  noticeListRoute,
  noticePhoneRoute,
  noticeSmsRoute,
  noticeTemplatesRoute,
  outgoingListRoute,
  pickupRevokeRoute,
  pickupRoute,
  pickupSignatureRoute,
  pickupSignedRoute,
  reportCabinetResource,
  reportMarkRoute,
  warehousingListRoute,
  type HandoverState,
  type NoticeChannel,
  type NoticeState,
  type OrderStatus,
  type PickupMethod,
  type UserInfo,
} from '@checkup/api-contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { msgTemplates, reportHandovers, reportNotices } from '../../db/schema.js';
import { defineRoute } from '../../lib/define-route.js';
import { defineUploadRoute } from '../../lib/define-upload-route.js';
import { serveResource } from '../../lib/resource/serve-resource.js';
import { readStoredFile, storeFile } from '../files/file-store.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { getRegistrationSettings } from '../parameters/repository.js';
import { reportCabinetBinding } from './cabinet.js';
import { handOver, markReports, revokeHandover } from './handover-service.js';
import { searchOutgoing, searchWarehousing } from './logistics-lists.js';
import { cancelSmsNotice, noticesOf, recordPhoneNotice, scheduleSmsNotice } from './notice-service.js';
import { PICKUP_SIGNATURE_PURPOSE, pickUp, revokePickup, type PickupRequest } from './pickup-service.js';

/** Full to users who may see confidential persons, masked (or hidden) to everyone else, as the report lists. */
const nameFor = (user: UserInfo, name: string, specialFlag: string) =>
  user.special_flag === '1' ? name : specialFlag === '1' ? '***' : maskName(name);
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Issue 20: 终审交接 (report_warehousing), 领取通知 and 领取 (report_outgoing), and the report cabinets. */
export async function reportLogisticsRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { db, personalData } = opts;
  const phoneOf = (
    sealed: string | null,
    column: 'customers.phone' | 'report_handovers.pickup_phone' | 'report_notices.phone',
  ) => {
    const plain = personalData.openOrNull(column, sealed);
    return plain && maskPhone(plain);
  };
  const actorOf = (user: UserInfo, request: FastifyRequest) => ({ user, ip: request.ip });
  const mayTouch = (user: UserInfo, request: FastifyRequest, purpose: string) => async (orderId: string) =>
    assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), purpose);
  const searchOf = (
    input: {
      date_from?: string;
      date_to?: string;
      key?: string;
      urgent?: '1';
      owed?: '1';
      page: number;
      size: number;
    },
    user: UserInfo,
  ) => ({
    dateFrom: input.date_from,
    dateTo: input.date_to,
    key: input.key ? parseSearchKey(input.key, personalData) : undefined,
    urgentOnly: input.urgent === '1',
    owedOnly: input.owed === '1',
    mayViewConfidential: user.special_flag === '1',
    page: input.page,
    size: input.size,
  });
  // 欠费 (issue 23): the unpaid 自费 balance, held back when 0140 says so.
  const moneyOf = async () => {
    const { hold_report_unpaid } = await getRegistrationSettings(db);
    return (unpaid: string) => {
      const fen = toFen(unpaid);
      return { unpaid: fenText(fen), held: hold_report_unpaid && fen > 0 };
    };
  };
  const noticeRow = (n: typeof reportNotices.$inferSelect) => ({
    id: n.id,
    channel: n.channel as NoticeChannel,
    state: n.state as NoticeState,
    phone: phoneOf(n.phoneEnc, 'report_notices.phone'),
    content: n.content,
    scheduled_at: iso(n.scheduledAt),
    remark: n.remark,
    detail: n.detail,
    operator_name: n.operatorName,
    created_at: n.createdAt.toISOString(),
    finished_at: iso(n.finishedAt),
  });

  serveResource(app, db, reportCabinetResource, reportCabinetBinding);

  defineRoute(app, warehousingListRoute, async ({ input, user }) => {
    const { rows, total } = await searchWarehousing(db, { ...searchOf(input, user), done: input.handed });
    const money = await moneyOf();
    return {
      list: rows.map((r) => ({
        order_id: r.orderId,
        cust_name: nameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        age: r.age,
        exam_date: r.examDate,
        company_name: r.companyName,
        status: r.status as OrderStatus,
        // Every listed visit is final-reviewed, so it has one.
        report_state: r.reportState!,
        urgent: r.urgent,
        cabinet_no: r.cabinetNo,
        handover_id: r.handover?.id ?? null,
        handover_state: (r.handover?.state as HandoverState | undefined) ?? null,
        receiver: r.handover?.receiver ?? null,
        handed_at: iso(r.handover?.handedAt ?? null),
        handed_by_name: r.handover?.handedByName ?? null,
        ...money(r.unpaid),
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });

  defineRoute(app, handoverRoute, async ({ input, user, request }) =>
    handOver(
      db,
      input.order_ids,
      { receiver: input.receiver, handedAt: input.handed_at, cabinetNo: input.cabinet_no },
      actorOf(user, request),
      mayTouch(user, request, 'report_handover'),
    ),
  );

  defineRoute(app, handoverRevokeRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_handover')(input.order_id);
    return revokeHandover(db, input.order_id, input.reason, actorOf(user, request));
  });

  defineRoute(app, reportMarkRoute, async ({ input, user, request }) =>
    markReports(
      db,
      input.order_ids,
      { urgent: input.urgent === undefined ? undefined : input.urgent === '1', cabinetNo: input.cabinet_no },
      actorOf(user, request),
      mayTouch(user, request, 'report_mark'),
    ),
  );

  defineRoute(app, outgoingListRoute, async ({ input, user }) => {
    const { rows, total } = await searchOutgoing(db, { ...searchOf(input, user), done: input.picked });
    const money = await moneyOf();
    return {
      list: rows.map(({ handover: h, notice: n, ...r }) => ({
        handover_id: h.id,
        order_id: h.orderId,
        cust_name: nameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        age: r.age,
        exam_date: r.examDate,
        company_name: r.companyName,
        phone: phoneOf(r.phoneEnc, 'customers.phone'),
        report_state: r.reportState,
        urgent: h.urgent,
        cabinet_no: h.cabinetNo,
        state: h.state as HandoverState,
        receiver: h.receiver,
        handed_at: h.handedAt.toISOString(),
        handed_by_name: h.handedByName,
        notice_id: n?.id ?? null,
        notice_channel: (n?.channel as NoticeChannel | undefined) ?? null,
        notice_state: (n?.state as NoticeState | undefined) ?? null,
        notice_at: iso(n ? (n.finishedAt ?? n.scheduledAt ?? n.createdAt) : null),
        notice_remark: n?.remark ?? null,
        pickup_method: (h.pickupMethod as PickupMethod | null) ?? null,
        pickup_receiver: h.pickupReceiver,
        pickup_phone: phoneOf(h.pickupPhoneEnc, 'report_handovers.pickup_phone'),
        courier_company: h.courierCompany,
        tracking_no: h.trackingNo,
        picked_at: iso(h.pickedAt),
        picked_by_name: h.pickedByName,
        pickup_remark: h.pickupRemark,
        has_signature: h.signatureFileId !== null,
        ...money(r.unpaid),
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });

  const pickupOf = (input: (typeof pickupRoute)['input']['_output']): PickupRequest => ({
    orderId: input.order_id,
    method: input.method,
    receiver: input.receiver,
    phone: input.phone,
    courierCompany: input.courier_company,
    trackingNo: input.tracking_no,
    pickedAt: input.picked_at,
    remark: input.remark,
  });

  defineRoute(app, pickupRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_pickup')(input.order_id);
    return pickUp(db, personalData, pickupOf(input), actorOf(user, request));
  });

  defineUploadRoute(app, pickupSignedRoute, async ({ input, file, contentType, user, request }) => {
    await mayTouch(user, request, 'report_pickup')(input.order_id);
    return pickUp(db, personalData, pickupOf(input), actorOf(user, request), (tx, handoverId) =>
      storeFile(tx as unknown as Db, request, user, {
        purpose: PICKUP_SIGNATURE_PURPOSE,
        ownerRef: String(handoverId),
        file,
        contentType,
      }),
    );
  });

  app.get(pickupSignatureRoute.path, { config: { access: pickupSignatureRoute.access } }, async (request, reply) => {
    const parsed = pickupSignatureRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const [handover] = await db
      .select({ orderId: reportHandovers.orderId, fileId: reportHandovers.signatureFileId })
      .from(reportHandovers)
      .where(eq(reportHandovers.id, parsed.data.handover_id));
    const file = handover?.fileId ? await readStoredFile(db, handover.fileId, PICKUP_SIGNATURE_PURPOSE) : null;
    if (!handover || !file) throw new AppError('RECORD_NOT_FOUND', '签名不存在');
    await assertCanViewPerson(
      db,
      request,
      request.user!,
      await personOfOrder(db, handover.orderId),
      'report_pickup_signature',
    );
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline; filename="signature.png"')
      .send(file.content);
  });

  defineRoute(app, pickupRevokeRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_pickup')(input.order_id);
    return revokePickup(db, input.order_id, input.reason, actorOf(user, request));
  });

  defineRoute(app, noticePhoneRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_notice')(input.order_id);
    const notice = await recordPhoneNotice(
      db,
      personalData,
      { orderId: input.order_id, result: input.result, phone: input.phone, remark: input.remark },
      actorOf(user, request),
    );
    return noticeRow(notice);
  });

  defineRoute(app, noticeSmsRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_notice')(input.order_id);
    const notice = await scheduleSmsNotice(
      db,
      personalData,
      {
        orderId: input.order_id,
        templateId: input.template_id,
        phone: input.phone,
        sendAt: input.send_at,
        remark: input.remark,
      },
      actorOf(user, request),
    );
    return noticeRow(notice);
  });

  defineRoute(app, noticeCancelRoute, async ({ input, user, request }) => {
    const [notice] = await db
      .select({ orderId: reportNotices.orderId })
      .from(reportNotices)
      .where(eq(reportNotices.id, input.notice_id));
    if (!notice) throw new AppError('RECORD_NOT_FOUND', '通知记录不存在');
    await mayTouch(user, request, 'report_notice')(notice.orderId);
    return noticeRow(await cancelSmsNotice(db, input.notice_id, actorOf(user, request)));
  });

  defineRoute(app, noticeListRoute, async ({ input, user, request }) => {
    await mayTouch(user, request, 'report_notice')(input.order_id);
    return { list: (await noticesOf(db, input.order_id)).map(noticeRow) };
  });

  defineRoute(app, noticeTemplatesRoute, async () => ({
    list: await db
      .select({ id: msgTemplates.id, template_name: msgTemplates.templateName, content: msgTemplates.content })
      .from(msgTemplates)
      .where(and(eq(msgTemplates.isActive, true), sql`${msgTemplates.channels} ? 'sms'`))
      .orderBy(asc(msgTemplates.id)),
  }));
}
