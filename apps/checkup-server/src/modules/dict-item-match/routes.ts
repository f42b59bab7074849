import type { FastifyInstance } from 'fastify';
import { sysItemsRoute } from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { defineRoute } from '../../lib/define-route.js';
import { listSysItems } from './repository.js';

/** numeric(12,4) arrives as '3.5000'; the screen shows '3.5'. Twelve digits are exact in a double. */
const limitText = (value: string | null) => (value === null ? null : String(Number(value)));

/** Spec §7 get_sys_items: the system basic items that dictionary matching (dict_cfg) maps onto. */
export async function dictItemMatchRoutes(app: FastifyInstance, opts: { db: Db }) {
  defineRoute(app, sysItemsRoute, async ({ input }) => {
    const rows = await listSysItems(opts.db, { deptId: input.dept_id, key: input.key });
    return rows.map((row) => ({
      id: row.id,
      item_code: row.itemCode,
      item_name: row.itemName,
      dept_id: row.deptId,
      dept_name: row.deptName,
      unit: row.unit,
      result_type: row.resultType,
      ref_low_male: limitText(row.refLowMale),
      ref_high_male: limitText(row.refHighMale),
      ref_low_female: limitText(row.refLowFemale),
      ref_high_female: limitText(row.refHighFemale),
    }));
  });
}
