import type { FastifyInstance } from 'fastify';
import { maskIdNumber, orderChangeStatusRoute, orderListRoute, type OrderStatus } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { listNameFor } from '../people/confidential.js';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import { changeOrderStatusNow } from './order-status-service.js';
import { searchOrders } from './order-repository.js';

export async function orderRoutes(app: FastifyInstance, opts: { db: Db; personalData: PersonalData }) {
  const { personalData } = opts;

  defineRoute(app, orderListRoute, async ({ input, user }) => {
    const { rows, total, totalCapped } = await searchOrders(opts.db, {
      key: input.key ? parseSearchKey(input.key, personalData) : undefined,
      status: input.status,
      dateFrom: input.date_from,
      dateTo: input.date_to,
      companyId: input.company_id,
      viewer: user,
      branchId: input.branch_id,
      page: input.page,
      size: input.size,
    });
    return {
      list: rows.map((r) => ({
        order_id: r.orderId,
        cust_name: listNameFor(user, r.custName, r.specialFlag),
        sex: r.sex,
        age: r.age,
        cust_id_card: r.custIdCardEnc && maskIdNumber(personalData.open('customers.cust_id_card', r.custIdCardEnc)),
        special_flag: r.specialFlag,
        exam_type: r.examType,
        exam_date: r.examDate,
        status: r.status as OrderStatus,
        package_name: r.packageName,
        company_name: r.companyName,
        total_price: r.totalPrice,
      })),
      total,
      total_capped: totalCapped,
      page: input.page,
      size: input.size,
    };
  });

  defineRoute(app, orderChangeStatusRoute, async ({ input, user, request }) => {
    const { from, to } = await changeOrderStatusNow(opts.db, {
      orderId: input.order_id,
      action: input.action,
      reason: input.reason,
      userId: user.id,
      userAccount: user.user_account,
      ip: request.ip,
    });
    return { order_id: input.order_id, from, status: to };
  });
}
