import type { FastifyInstance } from 'fastify';
import { UNION_SEARCH_LIMIT, formatAmount, unionListByKeyRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { mutexUnionIds, searchUnions } from './repository.js';

/** Spec §7 get_union_list_by_key: the union picker of registration and package configuration. */
export async function packageRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  defineRoute(app, unionListByKeyRoute, async ({ input }) => {
    const rows = await searchUnions(db, {
      key: input.key,
      sex: input.sex,
      packageId: input.package_id,
      limit: UNION_SEARCH_LIMIT,
    });
    const unionIds = rows.map((row) => row.id);
    const mutex = await mutexUnionIds(db, unionIds);
    return rows.map((row) => ({
      id: row.id,
      union_name: row.unionName,
      union_code: row.unionCode,
      price: formatAmount(row.price),
      dept_id: row.deptId,
      dept_name: row.deptName,
      gender_limit: row.genderLimit,
      specimen: row.specimen,
      mutex_union_ids: mutex.get(row.id) ?? [],
      no_discount: row.noDiscount,
    }));
  });
}
