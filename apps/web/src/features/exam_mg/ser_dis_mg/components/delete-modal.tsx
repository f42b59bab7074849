import { useState } from 'react';
import { App, Input, Modal, Typography } from 'antd';
import type { CriticalValueRow } from '@checkup/api-contract';
import { useDeleteCritical } from '../api/delete-critical';

/** 删除 a critical value raised in error, confirmed with its reason; the server refuses once notified. */
export function DeleteModal({ row, onClose }: { row: CriticalValueRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const remove = useDeleteCritical();
  const [reason, setReason] = useState('');
  const submit = () => {
    if (!row) return;
    if (!reason.trim()) {
      void message.warning('请填写删除原因');
      return;
    }
    remove.mutate(
      { id: row.id, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success('危急值已删除');
          setReason('');
          onClose();
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };
  return (
    <Modal
      title={row ? `删除危急值 · ${row.cust_name} · ${row.item_name} ${row.result_value}` : '删除危急值'}
      open={row !== null}
      okText="确认删除"
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        仅误报（结果录错、项目选错）且尚未通知体检者的危急值可以删除，删除后不可恢复。
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="删除原因"
        placeholder="请填写删除原因（必填）"
        autoSize={{ minRows: 2, maxRows: 4 }}
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
