import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AppError,
  customerSearchRoute,
  fingerprintTemplateRoute,
  guideSheetFileRoute,
  guideSheetRoute,
  guideSheetTicketRoute,
  orderCheckInRoute,
  orderDetailRoute,
  orderSaveRoute,
  orderUpdateUnionsRoute,
  packageListRoute,
  saveFingerprintRoute,
  suitOfExamType,
  registrationSettingsRoute,
  todayStatsRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import type { PasswordKeys } from '../auth/keys.js';
import { defineRoute } from '../../lib/define-route.js';
import { readGlobalConfig } from '../commondata/global-config.js';
import { changeOrderStatusNow } from '../orders/order-status-service.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import { readDefaultLayout } from '../self-template/default-template.js';
import type { PersonalData } from '../people/personal-data.js';
import { getRegistrationSettings } from '../parameters/repository.js';
import { packageOptions } from './catalogue-repository.js';
import { findCustomer, findCustomerByIdCard, saveFingerprint, searchCustomers } from './customer-repository.js';
import { attachmentHeader, buildGuideSheet } from './guide-sheet.js';
import { guideSheetTicket } from './guide-sheet-ticket.js';
import { todayCst } from '../../lib/hospital-day.js';
import { readOrderDetail } from './order-detail-repository.js';
import { saveOrder, updateOrderUnions } from './order-save-service.js';
import { todayStats } from './today-stats.js';
import { preExamNoticeOf } from '../system-register/desk-branch.js';
import { assertGuideSheetAllowed } from '../desk-flow/unpaid-lines.js';

export interface RegistrationOptions {
  db: Db;
  personalData: PersonalData;
  /** Signs the guide-sheet print tickets (the key the BFF shares). */
  ticketKey: Buffer;
  /** The login keys: a leader confirming a discount gives their password encrypted as at login. */
  keys: PasswordKeys;
}

const deskActor = (user: UserInfo, ip: string) => ({
  userId: user.id,
  userAccount: user.user_account,
  discountFloor: user.discount_floor,
  ip,
});

/** The registration desk: 登记管理, 快速登记, 登记详情 and the home page's numbers. */
export async function registrationRoutes(app: FastifyInstance, opts: RegistrationOptions) {
  const { db, personalData } = opts;

  async function sendGuideSheet(reply: FastifyReply, orderId: string) {
    const detail = await readOrderDetail(db, personalData, orderId);
    if (!detail) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    await assertGuideSheetAllowed(db, orderId);
    const config = await readGlobalConfig(db);
    const suit = suitOfExamType(detail.exam_type);
    const pdf = await buildGuideSheet(detail, {
      hospitalName: config.hospital.name ?? '体检中心',
      logo: config.hospital.logo,
      layout: await readDefaultLayout(db, 'guide_sheet', suit),
      label: await readDefaultLayout(db, 'barcode', suit),
      confirmText: config.order_info.guide_confirm_text,
      examTime: config.order_info.exam_time,
      preExamNotice: await preExamNoticeOf(db, orderId),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentHeader(orderId))
      .header('cache-control', 'no-store')
      .send(pdf);
  }

  defineRoute(app, packageListRoute, ({ input }) => packageOptions(db, { sex: input.sex }));

  defineRoute(app, customerSearchRoute, ({ input, user }) => searchCustomers(db, personalData, input.key, user));

  defineRoute(app, orderSaveRoute, async ({ input, user, request }) => {
    // Re-registering a confidential examinee (matched by ID number) is seeing them (spec §5).
    const returning = input.cust_id_card ? await findCustomerByIdCard(db, personalData, input.cust_id_card) : undefined;
    if (returning) await assertCanViewPerson(db, request, user, returning, 'order_register');
    const saved = await saveOrder(db, personalData, input, deskActor(user, request.ip), { keys: opts.keys });
    if (saved.outcome === 'duplicate_visit') return saved;
    return {
      outcome: saved.outcome,
      order_id: saved.orderId,
      customer_id: saved.customerId,
      total_price: saved.totalPrice,
      status: saved.status,
    };
  });

  defineRoute(app, orderUpdateUnionsRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_update_unions');
    const saved = await updateOrderUnions(
      db,
      input.order_id,
      {
        unionIds: input.union_ids,
        discount: input.discount,
        leaderAccount: input.leader_account,
        leaderPassword: input.leader_password,
      },
      deskActor(user, request.ip),
      { keys: opts.keys },
    );
    return { order_id: saved.orderId, total_price: saved.totalPrice };
  });

  defineRoute(app, registrationSettingsRoute, () => getRegistrationSettings(db));

  defineRoute(app, orderDetailRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_detail');
    const detail = await readOrderDetail(db, personalData, input.order_id);
    if (!detail) throw new AppError('RECORD_NOT_FOUND', '体检订单不存在');
    return detail;
  });

  defineRoute(app, orderCheckInRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'order_check_in');
    const { to } = await changeOrderStatusNow(db, {
      orderId: input.order_id,
      action: 'check_in',
      userId: user.id,
      userAccount: user.user_account,
      ip: request.ip,
    });
    return { order_id: input.order_id, status: to };
  });

  app.get(guideSheetRoute.path, { config: { access: guideSheetRoute.access } }, async (request, reply) => {
    const parsed = guideSheetRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const user = request.user!;
    const orderId = parsed.data.order_id;
    await assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'guide_sheet');
    return sendGuideSheet(reply, orderId);
  });

  defineRoute(app, guideSheetTicketRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'guide_sheet_print');
    await assertGuideSheetAllowed(db, input.order_id);
    const { ticket, expiresAt } = guideSheetTicket.issue(opts.ticketKey, input.order_id);
    return { ticket, expires_at: expiresAt.toISOString() };
  });

  app.get(guideSheetFileRoute.path, { config: { access: guideSheetFileRoute.access } }, async (request, reply) => {
    const parsed = guideSheetFileRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const orderId = guideSheetTicket.read(opts.ticketKey, parsed.data.ticket);
    if (!orderId) throw new AppError('FORBIDDEN', '打印凭据无效或已过期，请重新打印');
    return sendGuideSheet(reply, orderId);
  });

  defineRoute(app, todayStatsRoute, ({ input }) => todayStats(db, input.date ?? todayCst()));

  defineRoute(app, saveFingerprintRoute, async ({ input, user, request }) => {
    const customer = await findCustomer(db, input.customer_id);
    await assertCanViewPerson(
      db,
      request,
      user,
      customer && { customerId: customer.id, specialFlag: customer.specialFlag },
      'save_fingerprint',
    );
    const collectedAt = await saveFingerprint(db, input.customer_id, input.fingerprint_template);
    return { customer_id: input.customer_id, fingerprint_collection_time: collectedAt.toISOString() };
  });

  defineRoute(app, fingerprintTemplateRoute, async ({ input, user, request }) => {
    const customer = await findCustomer(db, input.customer_id);
    await assertCanViewPerson(
      db,
      request,
      user,
      customer && { customerId: customer.id, specialFlag: customer.specialFlag },
      'fingerprint_template',
    );
    return {
      customer_id: input.customer_id,
      fingerprint_template: customer!.template,
      fingerprint_collection_time: customer!.collectedAt?.toISOString() ?? null,
    };
  });
}
