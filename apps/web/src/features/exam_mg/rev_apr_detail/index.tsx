import { OpenReview } from '../shared/review-detail/open-review';

/** 总检详情 (exam_mg/rev_apr_detail?order_id=…): 主审 and 终审. */
export default function RevAprDetail() {
  return <OpenReview variant="standard" />;
}
