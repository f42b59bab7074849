import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { DetailPage } from './detail-page';

/** 报告审核详情 (exam_mg/rpt_examine_detail?order_id=…). */
export default function RptExamineDetail() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  if (!/^[0-9A-Za-z]{6,20}$/.test(orderId)) {
    return <Result status="warning" title="缺少体检号" subTitle="请从报告审核列表打开报告。" />;
  }
  return <DetailPage key={orderId} orderId={orderId} />;
}
