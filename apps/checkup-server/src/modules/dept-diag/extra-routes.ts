import type { FastifyInstance } from 'fastify';
import {
  deptAddUnionRoute,
  deptAddableUnionsRoute,
  deptReminderDoneRoute,
  deptRemindersRoute,
  orderDeptUnsignRoute,
  reminderAddRoute,
  reviewReminderDoneRoute,
  reviewRemindersRoute,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { assertWorksIn } from '../access/dept-scope.js';
import { personOfOrder } from '../orders/order-repository.js';
import { assertCanViewPerson } from '../people/confidential.js';
import { addDeptUnion, addableUnions } from './dept-add-union-service.js';
import { unsignDept } from './dept-unsign-service.js';
import { addReminder, deptReminders, markReminderDone, orderOfReminder, reviewReminders } from './reminder-service.js';

/** Issue 19 in department entry: 反审核, 科室加项 and 我要提醒 (with 总检's side of the reminders). */
export async function deptExtraRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, orderDeptUnsignRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_unsign');
    const status = await unsignDept(
      db,
      request,
      { orderId: input.order_id, deptId: input.exam_dept_id, reason: input.reason },
      user,
    );
    return { order_id: input.order_id, exam_dept_id: input.exam_dept_id, order_status: status };
  });

  defineRoute(app, deptAddableUnionsRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    return addableUnions(db, input.order_id, input.exam_dept_id);
  });

  defineRoute(app, deptAddUnionRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_add_union');
    return addDeptUnion(
      db,
      { orderId: input.order_id, deptId: input.exam_dept_id, unionId: input.union_id },
      user,
      request.ip,
    );
  });

  defineRoute(app, reminderAddRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_reminder');
    return addReminder(
      db,
      { orderId: input.order_id, fromDeptId: input.exam_dept_id, to: input.to, content: input.content },
      user,
      request.ip,
    );
  });

  defineRoute(app, deptRemindersRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'dept_diag');
    return deptReminders(db, input.order_id, input.exam_dept_id);
  });

  defineRoute(app, deptReminderDoneRoute, async ({ input, user, request }) => {
    await assertWorksIn(db, request, user, input.exam_dept_id);
    const orderId = await orderOfReminder(db, input.id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'dept_reminder');
    return markReminderDone(db, input.id, { deptId: input.exam_dept_id }, user, request.ip);
  });

  defineRoute(app, reviewRemindersRoute, async ({ input, user, request }) => {
    await assertCanViewPerson(db, request, user, await personOfOrder(db, input.order_id), 'exam_review');
    return reviewReminders(db, input.order_id);
  });

  defineRoute(app, reviewReminderDoneRoute, async ({ input, user, request }) => {
    const orderId = await orderOfReminder(db, input.id);
    await assertCanViewPerson(db, request, user, await personOfOrder(db, orderId), 'exam_review');
    return markReminderDone(db, input.id, 'review', user, request.ip);
  });
}
