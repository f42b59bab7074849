import { OpenReview } from '../shared/review-detail/open-review';

/** 职业总检详情 (exam_mg/rev_apr_detail_occu?order_id=…): with harm factors and the occupational conclusion. */
export default function RevAprDetailOccu() {
  return <OpenReview variant="occupational" />;
}
