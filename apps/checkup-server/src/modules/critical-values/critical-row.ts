import { maskName, type CriticalValueRow, type UserInfo, type criticalValueListRoute } from '@checkup/api-contract';
import type { z } from 'zod';
import type { PersonalData } from '../people/personal-data.js';
import { parseSearchKey } from '../people/search-key.js';
import type { CriticalRecord, CriticalSearch } from './critical-repository.js';

type Filter = z.output<(typeof criticalValueListRoute)['input']>;

/** The list's and the export's filters as a search; an ID number or phone is looked up by its hash. */
export function searchOf(
  input: Filter,
  user: UserInfo,
  personalData: PersonalData,
): Omit<CriticalSearch, 'page' | 'size'> {
  return {
    status: input.status,
    level: input.level,
    dateFrom: input.date_from,
    dateTo: input.date_to,
    deptId: input.exam_dept_id,
    key: input.key ? parseSearchKey(input.key, personalData) : undefined,
    mayViewConfidential: user.special_flag === '1',
  };
}

export const paging = (input: Filter) => ({ page: input.page, size: input.size });

/**
 * The critical-value list shows names to users who may see confidential persons; others see them
 * masked (张*三), and a confidential person not at all (spec §5).
 */
function nameFor(user: UserInfo, name: string, specialFlag: string): string {
  if (user.special_flag === '1') return name;
  return specialFlag === '1' ? '***' : maskName(name);
}

export function toRow(user: UserInfo, r: CriticalRecord): CriticalValueRow {
  return {
    id: r.id,
    order_id: r.orderId,
    cust_name: nameFor(user, r.custName, r.specialFlag),
    sex: r.sex,
    age: r.age,
    special_flag: r.specialFlag,
    item_name: r.itemName,
    result_value: r.resultValue,
    unit: r.unit,
    direction: r.direction as CriticalValueRow['direction'],
    level: r.level as CriticalValueRow['level'],
    source: r.source as CriticalValueRow['source'],
    description: r.description,
    ref_range: r.refRange,
    critical_low: r.criticalLow,
    critical_high: r.criticalHigh,
    exam_dept_id: r.deptId,
    dept_name: r.deptName,
    raised_by_name: r.raisedByName,
    raised_by_id: r.raisedBy,
    created_at: r.createdAt.toISOString(),
    status: r.status as CriticalValueRow['status'],
    notified_person: r.notifiedPerson,
    notify_relation: r.notifyRelation as CriticalValueRow['notify_relation'],
    notify_method: r.notifyMethod as CriticalValueRow['notify_method'],
    notified_at: r.notifiedAt?.toISOString() ?? null,
    notified_by_name: r.notifiedByName,
    handled_by_name: r.handledByName,
    handled_at: r.handledAt?.toISOString() ?? null,
    note: r.note,
  };
}
