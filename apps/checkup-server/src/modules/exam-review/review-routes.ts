import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  handleExceptionRoute,
  recallAbnormalRoute,
  reviewAssignRoute,
  reviewAutoAssignRoute,
  reviewBatchPassRoute,
  reviewDetailRoute,
  reviewPassRoute,
  reviewReturnRoute,
  reviewSaveRoute,
  reviewSearchDiagnosisRoute,
  reviewUnassignRoute,
  reviewUnpassRoute,
  reviewWorklistRoute,
  reviewerListRoute,
  setReviewExceptionRoute,
  tallySheetRoute,
  type OrderStatus,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertMayAllot, assertMayReview } from '../access/review-gate.js';
import { searchAllDiagnoses } from './diagnosis-search-repository.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson, listNameFor } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { assignReviews, autoAssignReviews, reviewersOf, unassignReviews } from './review-allot-service.js';
import { loadReviewDetail } from './review-detail-repository.js';
import { handleException, recallAbnormal, setReviewException } from './review-exception-service.js';
import { passReview, returnReview, saveConclusion } from './review-service.js';
import { batchPass, unpassReview } from './review-level-service.js';
import { reviewWorklist } from './review-worklist-repository.js';
import { tallySheet } from './tally-sheet-repository.js';

/** The review worklists, allotment, detail, pass / return and abnormal flags of issue 8. */
export function reviewWorkflowRoutes(app: FastifyInstance, db: Db, personalData: PersonalData) {
  // Spec §5: every call about one examinee checks the confidential flag first.
  const guard = async (request: FastifyRequest, user: UserInfo, orderId: string, purpose: string) =>
    assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), purpose);

  defineRoute(app, reviewWorklistRoute, async ({ input, user }) => {
    const { rows, total } = await reviewWorklist(db, {
      step: input.step,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      assigned: input.assigned,
      returned: input.returned,
      passed: input.passed,
      keyword: input.keyword ? parseSearchKey(input.keyword, personalData) : undefined,
      userId: user.id,
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r) => ({
        order_id: r.orderId,
        cust_name: listNameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        age: r.age,
        special_flag: r.specialFlag,
        exam_type: r.examType,
        exam_date: r.examDate,
        order_status: r.status as OrderStatus,
        step: r.step,
        reviewer_id: r.reviewerId,
        reviewer_name: r.reviewerName,
        exception_flag: r.exceptionFlag,
        return_reason: r.latestResult === 'return' ? r.latestReason : null,
      })),
      total,
      page: input.page,
      size: input.size,
    };
  });

  defineRoute(app, reviewerListRoute, async ({ input, user, request }) => {
    await assertMayAllot(db, request, user, input.step);
    return reviewersOf(db, input.step);
  });

  defineRoute(app, reviewAssignRoute, async ({ input, user, request }) => {
    await assertMayAllot(db, request, user, input.step);
    return { assigned: await assignReviews(db, input.step, input.order_ids, input.reviewer_id, user) };
  });

  defineRoute(app, reviewAutoAssignRoute, async ({ input, user, request }) => {
    await assertMayAllot(db, request, user, input.step);
    const q = { step: input.step, dateFrom: input.date_from, dateTo: input.date_to, reviewerIds: input.reviewer_ids };
    return { assigned: await autoAssignReviews(db, q, user) };
  });

  defineRoute(app, reviewUnassignRoute, async ({ input, user, request }) => {
    await assertMayAllot(db, request, user, input.step);
    return { removed: await unassignReviews(db, input.step, input.order_ids) };
  });

  defineRoute(app, tallySheetRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'tally_sheet');
    return tallySheet(db, input.order_id);
  });

  defineRoute(app, reviewDetailRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'exam_review');
    return loadReviewDetail(db, input.order_id);
  });

  defineRoute(app, reviewSaveRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'exam_review');
    await assertMayReview(db, request, user, input.order_id);
    await saveConclusion(db, { orderId: input.order_id, conclusion: input.conclusion, advice: input.advice }, user);
    return loadReviewDetail(db, input.order_id);
  });

  defineRoute(app, reviewPassRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'exam_review');
    await assertMayReview(db, request, user, input.order_id, { step: input.step, passing: true });
    const status = await passReview(
      db,
      { orderId: input.order_id, step: input.step, conclusion: input.conclusion, advice: input.advice },
      user,
      request.ip,
    );
    return { order_id: input.order_id, order_status: status };
  });

  defineRoute(app, reviewReturnRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'exam_review');
    await assertMayReview(db, request, user, input.order_id, { step: input.step });
    const status = await returnReview(
      db,
      {
        orderId: input.order_id,
        step: input.step,
        target: input.target,
        reason: input.reason,
        deptIds: input.exam_dept_ids,
      },
      user,
      request.ip,
    );
    return { order_id: input.order_id, order_status: status };
  });

  defineRoute(app, reviewUnpassRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'exam_review');
    const status = await unpassReview(
      db,
      { orderId: input.order_id, step: input.step, reason: input.reason },
      user,
      request,
    );
    return { order_id: input.order_id, order_status: status };
  });

  defineRoute(app, reviewBatchPassRoute, async ({ input, user, request }) => ({
    results: await batchPass(db, { step: input.step, orderIds: input.order_ids }, user, request),
  }));

  defineRoute(app, setReviewExceptionRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'review_exception');
    await setReviewException(db, input.order_id, input.reason, user);
    return { order_id: input.order_id, review_exception_flag: '1' as const };
  });

  defineRoute(app, handleExceptionRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'review_exception');
    await handleException(db, { orderId: input.order_id, id: input.id, advise: input.advise }, user);
    return { id: input.id, review_exception_flag: '2' as const };
  });

  defineRoute(app, recallAbnormalRoute, async ({ input, user, request }) => {
    await guard(request, user, input.order_id, 'review_exception');
    return { order_id: input.order_id, handled: await recallAbnormal(db, input.order_id, input.reason, user) };
  });

  defineRoute(app, reviewSearchDiagnosisRoute, async ({ input }) => searchAllDiagnoses(db, input.keyword));
}
