import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { DetailPage } from './detail-page';

/** 科室诊断详情 (exam_mg/dept_diag_detail?order_id=…&exam_dept_id=…). */
export default function DeptDiagDetail() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const deptId = Number(params.get('exam_dept_id'));
  if (!orderId || !Number.isInteger(deptId) || deptId <= 0) {
    return <Result status="warning" title="缺少体检号或科室" subTitle="请从科室诊断列表打开受检者。" />;
  }
  return <DetailPage key={`${orderId}:${deptId}`} record={{ orderId, deptId }} />;
}
