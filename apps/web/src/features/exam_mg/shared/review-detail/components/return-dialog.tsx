import { useState } from 'react';
import { Checkbox, Input, Modal, Radio, Space } from 'antd';
import { REVIEW_STEP_RULES, type ReviewDept, type ReviewStep } from '@checkup/api-contract';
import type { ReturnRequest } from '../api/review-actions';

interface Props {
  open: boolean;
  step: ReviewStep;
  depts: ReviewDept[];
  pending: boolean;
  onCancel: () => void;
  onSubmit: (request: ReturnRequest) => void;
}

/**
 * 审核不通过 (issue 20; 退回 of issue 8): to the previous step or to the departments (those chosen are
 * reopened), always with a reason, shown where the visit returns to.
 */
export function ReturnDialog({ open, step, depts, pending, onCancel, onSubmit }: Props) {
  const previous = REVIEW_STEP_RULES[step].previous;
  const [target, setTarget] = useState<'previous' | 'depts'>(previous ? 'previous' : 'depts');
  const [reason, setReason] = useState('');
  const [deptIds, setDeptIds] = useState<number[]>([]);
  const [error, setError] = useState('');
  const toDepts = target === 'depts';

  const submit = () => {
    if (!reason.trim()) return setError('请填写退回原因');
    if (toDepts && deptIds.length === 0) return setError('请选择要退回的科室');
    setError('');
    onSubmit({ step, target, reason: reason.trim(), exam_dept_ids: toDepts ? deptIds : [] });
  };

  const previousLabel = step === 'main' ? '退回初审' : step === 'final' ? '退回主审' : '';
  return (
    <Modal
      title={`审核不通过（${REVIEW_STEP_RULES[step].label}）`}
      open={open}
      okText="确认不通过"
      okButtonProps={{ danger: true, loading: pending }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={target}
          onChange={(e) => setTarget(e.target.value as 'previous' | 'depts')}
          options={[
            ...(previous ? [{ value: 'previous', label: previousLabel }] : []),
            { value: 'depts', label: '退回科室' },
          ]}
        />
        {toDepts && (
          <Checkbox.Group
            aria-label="退回科室"
            value={deptIds}
            onChange={(ids) => setDeptIds(ids as number[])}
            options={depts.map((d) => ({ value: d.dept_id, label: d.dept_name }))}
          />
        )}
        <Input.TextArea
          aria-label="退回原因"
          placeholder="请填写退回原因（必填）"
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error && <div style={{ color: '#ff4d4f' }}>{error}</div>}
      </Space>
    </Modal>
  );
}
