import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { usePersonGuard } from '../../session/confidential-guard';
import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

export const tallySheetDetailPath = (orderId: string) =>
  `/manager/exam_mg/tally_sheet_detail?${new URLSearchParams({ order_id: orderId })}`;

/** 报告核对单 (exam_mg/tally_sheet): the visits before 终审, each with its checklist. */
export default function TallySheet() {
  const navigate = useNavigate();
  const mayView = usePersonGuard();
  return (
    <ReviewWorklist
      title="报告核对单"
      tableKey="tally_sheet"
      step="final"
      actions={(row) => (
        <Button
          size="small"
          type="link"
          onClick={() => mayView(row) && void navigate(tallySheetDetailPath(row.order_id))}
        >
          核对单
        </Button>
      )}
    />
  );
}
