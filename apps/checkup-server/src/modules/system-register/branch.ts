import { asc } from 'drizzle-orm';
import type { branchResource } from '@checkup/api-contract';
import { branches, orders, payments } from '../../db/schema.js';
import type { ResourceBinding } from '../../lib/resource/serve-resource.js';
import { recordColumnsOf } from '../exam-cfg/record-columns.js';
import { wordsMatch } from '../exam-cfg/search.js';

/** 系统注册's 分中心 on branches; one that visits or payments name is disabled, not removed. */
export const branchBinding: ResourceBinding<typeof branchResource> = {
  ...recordColumnsOf(branches),
  fields: {
    branch_name: branches.branchName,
    short_code: branches.shortCode,
    pinyin_code: branches.pinyinCode,
    phone: branches.phone,
    address: branches.address,
    booking_days: branches.bookingDays,
    issue_period: branches.issuePeriod,
    booking_enabled: branches.bookingEnabled,
    desk_notice: branches.deskNotice,
    pre_exam_notice: branches.preExamNotice,
    sort: branches.sort,
  },
  values: (form) => ({
    branchName: form.branch_name,
    shortCode: form.short_code,
    pinyinCode: form.pinyin_code.toUpperCase(),
    phone: form.phone,
    address: form.address,
    bookingDays: form.booking_days,
    issuePeriod: form.issue_period,
    bookingEnabled: form.booking_enabled,
    deskNotice: form.desk_notice,
    preExamNotice: form.pre_exam_notice,
    sort: form.sort,
  }),
  where: (filter) => [wordsMatch(filter.key, [branches.branchName], [branches.shortCode, branches.pinyinCode])],
  orderBy: [asc(branches.sort), asc(branches.id)],
  unique: [{ column: branches.shortCode, field: 'short_code', label: '简码' }],
  references: [
    { label: '体检登记', column: orders.branchId },
    { label: '收费记录', column: payments.branchId },
  ],
};
