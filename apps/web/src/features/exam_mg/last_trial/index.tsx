import { ReviewWorklist } from '../shared/review-worklist/review-worklist';

/** 终审 (exam_mg/last_trial): the visits waiting for 终审, those assigned to me first. */
export default function LastTrial() {
  return <ReviewWorklist title="终审" tableKey="last_trial" step="final" />;
}
