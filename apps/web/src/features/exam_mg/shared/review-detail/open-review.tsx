import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { ReviewDetailPage, type ReviewVariant } from './review-detail-page';

/** Reads ?order_id=… and opens the review detail of that visit (spec §2: the query carries order_id). */
export function OpenReview({ variant }: { variant: ReviewVariant }) {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  if (!orderId) return <Result status="warning" title="缺少体检号" subTitle="请从总检审核列表打开受检者。" />;
  return <ReviewDetailPage key={orderId} orderId={orderId} variant={variant} />;
}
