import type { ReviewWorklistRow } from '@checkup/api-contract';
import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

/**
 * 退回报告 (exam_mg/rejects_report): visits returned by a reviewer and not passed since, with the
 * reason; one still under review reopens at its step, one sent back to the departments waits there.
 */
export default function RejectsReport() {
  return (
    <ReviewWorklist
      title="退回报告"
      tableKey="rejects_report"
      returned
      extraColumns={[
        {
          title: '退回原因',
          dataIndex: 'return_reason',
          width: 240,
          render: (v: ReviewWorklistRow['return_reason']) => v ?? '',
        },
      ]}
    />
  );
}
