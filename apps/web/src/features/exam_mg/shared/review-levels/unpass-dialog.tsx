import { useState } from 'react';
import { App, Input, Modal } from 'antd';
import { REVIEW_STEP_RULES, type ReviewStep } from '@checkup/api-contract';
import { useUnpassReview } from './api';

interface Props {
  orderId: string;
  step: ReviewStep;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 反审 (issue 20): takes back a passed level with a required reason. The server says whether it may:
 * the passer or the level's allotter, while the next level has not started.
 */
export function UnpassDialog({ orderId, step, open, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const unpass = useUnpassReview(orderId);
  const [reason, setReason] = useState('');
  const { label } = REVIEW_STEP_RULES[step];
  const submit = () => {
    if (unpass.isPending) return;
    if (!reason.trim()) return void message.warning('请填写反审原因');
    unpass.mutate(
      { step, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(`已反审${label}，订单回到待${label}`);
          setReason('');
          onDone();
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };
  return (
    <Modal
      title={`反审（${label}）`}
      open={open}
      okText="确认反审"
      okButtonProps={{ danger: true, loading: unpass.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        撤回本订单的{label}通过，订单回到待{label}。下一级审核已开始（已打开或已保存结论）时不能反审。
      </p>
      <Input.TextArea
        aria-label="反审原因"
        placeholder="请填写反审原因（必填）"
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
