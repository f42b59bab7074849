import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

/** 初审 (exam_mg/first_trial): the visits waiting for 初审, those assigned to me first. */
export default function FirstTrial() {
  return <ReviewWorklist title="初审" tableKey="first_trial" step="first" />;
}
