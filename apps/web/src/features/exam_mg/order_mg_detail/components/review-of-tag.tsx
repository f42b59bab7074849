import { Tag } from 'antd';
import { Link } from 'react-router';
import { orderDetailPath } from '../../shared/orders/order-paths';

/** A 复查 visit names the first visit it re-examines (复查管理, issue 20), one click away. */
export function ReviewOfTag({ reviewOf }: { reviewOf: { order_id: string; exam_date: string } }) {
  return (
    <Tag color="purple" style={{ marginLeft: 6 }}>
      首次体检 <Link to={orderDetailPath(reviewOf.order_id)}>{reviewOf.order_id}</Link>（{reviewOf.exam_date}）
    </Tag>
  );
}
