import type { ReviewStep } from '@checkup/api-contract';

/** The detail screen of a visit under review: 初审 has its own; occupational visits the occupational one. */
export function reviewDetailPath(row: { order_id: string; step: ReviewStep | null; exam_type: string }): string {
  const screen =
    row.exam_type === 'occupational'
      ? 'rev_apr_detail_occu'
      : row.step === 'first'
        ? 'rev_apr_detail_first_trial'
        : 'rev_apr_detail';
  return `/manager/exam_mg/${screen}?${new URLSearchParams({ order_id: row.order_id })}`;
}
