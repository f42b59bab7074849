import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AppError,
  conclusionAddRoute,
  conclusionDeleteRoute,
  conclusionEditRoute,
  conclusionHideRoute,
  conclusionMergeRoute,
  conclusionMoveRoute,
  conclusionSplitRoute,
  conclusionToDictRoute,
  historyReportPdfRoute,
  reviewConclusionsRoute,
  visitHistoryRoute,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertMayReview } from '../access/review-gate.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { renderReportPdf, reportDisposition } from '../report/report-pdf.js';
import { readConclusions } from './conclusion-repository.js';
import {
  addConclusion,
  deleteConclusion,
  editConclusion,
  hideConclusion,
  mergeConclusions,
  moveConclusion,
  saveConclusionToDict,
  splitConclusion,
} from './conclusion-service.js';
import { assertEarlierVisit, readVisitHistory } from './visit-history-repository.js';

/** 总检's conclusion grid and the examinee's earlier visits (issue 20). */
export function conclusionRoutes(app: FastifyInstance, db: Db, personalData: PersonalData) {
  const view = async (request: FastifyRequest, user: UserInfo, orderId: string) =>
    assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'exam_review');
  /** A change is a review act: the same row-level rules as saving the conclusion. */
  const writer = async (request: FastifyRequest, user: UserInfo, orderId: string) => {
    await view(request, user, orderId);
    await assertMayReview(db, request, user, orderId);
    return { user, ip: request.ip };
  };
  const text = (input: { diag_name: string; advice: string; group_advice: string }) => ({
    diagName: input.diag_name,
    advice: input.advice,
    groupAdvice: input.group_advice,
  });

  defineRoute(app, reviewConclusionsRoute, async ({ input, user, request }) => {
    await view(request, user, input.order_id);
    return readConclusions(db, input.order_id);
  });

  defineRoute(app, conclusionAddRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return addConclusion(db, input.order_id, { ...text(input), diagId: input.diag_id }, actor);
  });

  defineRoute(app, conclusionEditRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return editConclusion(db, input.order_id, input.id, text(input), actor);
  });

  defineRoute(app, conclusionDeleteRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return deleteConclusion(db, input.order_id, input.id, actor);
  });

  defineRoute(app, conclusionHideRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return hideConclusion(db, input.order_id, input.id, input.hidden === '1', actor);
  });

  defineRoute(app, conclusionMoveRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return moveConclusion(db, input.order_id, input.id, input.direction, actor);
  });

  defineRoute(app, conclusionMergeRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return mergeConclusions(db, input.order_id, input.ids, text(input), actor);
  });

  defineRoute(app, conclusionSplitRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return splitConclusion(db, input.order_id, input.id, actor);
  });

  defineRoute(app, conclusionToDictRoute, async ({ input, user, request }) => {
    const actor = await writer(request, user, input.order_id);
    return saveConclusionToDict(db, input.order_id, input.id, actor);
  });

  defineRoute(app, visitHistoryRoute, async ({ input, user, request }) => {
    await view(request, user, input.order_id);
    return readVisitHistory(db, input.order_id);
  });

  app.get(historyReportPdfRoute.path, { config: { access: historyReportPdfRoute.access } }, async (request, reply) => {
    const parsed = historyReportPdfRoute.input.safeParse(request.query);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message);
    const { order_id: orderId, history_order_id: historyOrderId } = parsed.data;
    await view(request, request.user!, orderId);
    await assertEarlierVisit(db, orderId, historyOrderId);
    // The earlier visit may sit under another record of the same person, with its own confidential flag.
    await view(request, request.user!, historyOrderId);
    const pdf = await renderReportPdf(db, personalData, historyOrderId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', reportDisposition(historyOrderId))
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
