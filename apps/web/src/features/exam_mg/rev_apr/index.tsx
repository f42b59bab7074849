import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

/** 总检审核 (exam_mg/rev_apr): every visit under review with its step and state, and those through 终审. */
export default function RevApr() {
  return <ReviewWorklist title="总检审核" tableKey="rev_apr" />;
}
