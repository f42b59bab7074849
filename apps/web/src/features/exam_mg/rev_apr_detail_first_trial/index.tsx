import { OpenReview } from '../shared/review-detail/open-review';

/** 初审详情 (exam_mg/rev_apr_detail_first_trial?order_id=…). */
export default function RevAprDetailFirstTrial() {
  return <OpenReview variant="first" />;
}
