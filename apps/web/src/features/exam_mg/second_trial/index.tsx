import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

/** 主审 (exam_mg/second_trial): the visits waiting for 主审, those assigned to me first. */
export default function SecondTrial() {
  return <ReviewWorklist title="主审" tableKey="second_trial" step="main" />;
}
