import type { reportDeliveries, reportPrints, reportReviews } from '../schema.js';
import type { Staff } from './order-extras.js';
import type { Timeline } from './order-timeline.js';
import type { Rng } from './prng.js';

export interface ReportHistoryRows {
  reportPrints: (typeof reportPrints.$inferInsert)[];
  reportChecks: (typeof reportReviews.$inferInsert)[];
  reportDeliveries: (typeof reportDeliveries.$inferInsert)[];
}

// Half the printed reports not yet sent have passed their check (报告审核) and wait to be sent.
const CHECKED_SHARE = 0.5;

/**
 * What the report screens recorded of one visit, as its status says: the print when it moved to
 * report_printed (报告打印), a passed check after it (报告审核), and the pickup when it moved to
 * report_sent (报告发送). So the demo's report lists, print column and checks agree with the status.
 */
export function reportHistory(
  rng: Rng,
  input: { orderId: string; timeline: Timeline; staff: Staff },
): ReportHistoryRows {
  const { orderId, timeline, staff } = input;
  const movedTo = (status: string) => timeline.events.find((e) => e.to === status)?.at;
  const printedAt = movedTo('report_printed');
  const history: ReportHistoryRows = { reportPrints: [], reportChecks: [], reportDeliveries: [] };
  if (!printedAt) return history;
  history.reportPrints.push({ orderId, source: 'staff', operatorId: staff.reviewer.id, printedAt });

  const sentAt = movedTo('report_sent');
  if (!sentAt && !rng.chance(CHECKED_SHARE)) return history;
  const checkedAt = new Date(printedAt.getTime() + rng.int(10, 120) * 60_000);
  history.reportChecks.push({
    orderId,
    result: 'pass',
    reason: null,
    reviewerId: staff.reviewer.id,
    reviewerName: staff.reviewer.name,
    createdAt: sentAt && sentAt < checkedAt ? sentAt : checkedAt,
  });
  if (sentAt) {
    history.reportDeliveries.push({
      orderId,
      method: 'pickup',
      recipient: '本人',
      status: 'sent',
      detail: '已当面领取',
      operatorId: staff.registrar.id,
      createdAt: sentAt,
    });
  }
  return history;
}
