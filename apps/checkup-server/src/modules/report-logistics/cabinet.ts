import { and, asc, eq } from 'drizzle-orm';
import { AppError, type reportCabinetResource } from '@checkup/api-contract';
import { reportCabinets, reportHandovers } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';

/** 柜子 on report_cabinets; one holding a report that waits to be collected is not removed. */
export const reportCabinetBinding: ResourceBinding<typeof reportCabinetResource> = {
  ...recordColumnsOf(reportCabinets),
  fields: {
    cabinet_no: reportCabinets.cabinetNo,
    cabinet_name: reportCabinets.cabinetName,
    location: reportCabinets.location,
    remark: reportCabinets.remark,
  },
  values: (form) => ({
    cabinetNo: form.cabinet_no,
    cabinetName: form.cabinet_name,
    location: form.location,
    remark: form.remark,
  }),
  where: (filter) => [wordsMatch(filter.key, [reportCabinets.cabinetName], [reportCabinets.cabinetNo])],
  orderBy: [asc(reportCabinets.cabinetNo), asc(reportCabinets.id)],
  unique: [{ column: reportCabinets.cabinetNo, field: 'cabinet_no', label: '柜子号' }],
  async beforeRemove(tx, id) {
    const [held] = await tx
      .select({ id: reportHandovers.id })
      .from(reportHandovers)
      .innerJoin(reportCabinets, eq(reportCabinets.cabinetNo, reportHandovers.cabinetNo))
      .where(and(eq(reportCabinets.id, id), eq(reportHandovers.state, 'in')))
      .limit(1);
    if (held) throw new AppError('ILLEGAL_TRANSITION', '该柜子中还有待领取的报告，不能删除，可停用');
  },
};
