import { Descriptions, Tag } from 'antd';
import type { DeptDiagnosisView } from '@checkup/api-contract';
import { DEPT_STATUS_COLORS, DEPT_STATUS_LABELS } from '../../shared/dept-worklist/dept-status';

/** Who is being examined, in which department, and where the department stands. */
export function ExamineeHeader({ view }: { view: DeptDiagnosisView }) {
  const { customer } = view;
  return (
    <Descriptions size="small" column={{ xs: 2, md: 4, xl: 8 }} style={{ marginBottom: 8 }}>
      <Descriptions.Item label="姓名">{customer.cust_name}</Descriptions.Item>
      <Descriptions.Item label="性别">{customer.sex === '1' ? '男' : '女'}</Descriptions.Item>
      <Descriptions.Item label="年龄">{customer.age}</Descriptions.Item>
      <Descriptions.Item label="体检号">{view.order_id}</Descriptions.Item>
      <Descriptions.Item label="套餐">{view.package_name ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="科室">{view.dept_name}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={DEPT_STATUS_COLORS[view.dept_status]}>
          {DEPT_STATUS_LABELS[view.dept_status] ?? view.dept_status}
        </Tag>
        {view.dept_exception_flag === '1' && <Tag color="error">科室异常</Tag>}
        {customer.special_flag === '1' && <Tag color="purple">保密</Tag>}
      </Descriptions.Item>
    </Descriptions>
  );
}
