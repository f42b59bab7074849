import { useState } from 'react';
import { App, Input, Modal, Typography } from 'antd';
import {
  HIS_CHANGE_ACTION_LABELS,
  HIS_CHANGE_TYPE_LABELS,
  type ResourceRow,
  type hisChangeResource,
} from '@checkup/api-contract';
import { useHandleHisChange, type HisChangeAction } from './api/handle-his-change';

export type HisChange = ResourceRow<typeof hisChangeResource>;

const HINTS: Record<HisChangeAction, string> = {
  handle: '已在HIS中手工处理完成，不再发送。',
  resend: '交给HIS接口重新发送。',
  ignore: '无需同步到HIS（例如登记有误已撤销），不再发送。',
};

/** 处理/重发/忽略 one change, with an optional note; the server keeps who did it in the audit log. */
export function HandleDialog(props: { change: HisChange | null; action: HisChangeAction; onClose(): void }) {
  const { change, action, onClose } = props;
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const handle = useHandleHisChange();
  const submit = () =>
    handle.mutate(
      { id: change!.id, version: change!.version, action, note },
      {
        onSuccess: () => {
          void message.success(`已${HIS_CHANGE_ACTION_LABELS[action]}`);
          setNote('');
          onClose();
        },
        onError: (error: Error) => void message.error(error.message),
      },
    );
  const label = HIS_CHANGE_ACTION_LABELS[action];
  return (
    <Modal
      title={`${label}HIS变更`}
      open={change !== null}
      okText={label}
      cancelText="取消"
      confirmLoading={handle.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      {change && (
        <>
          <Typography.Paragraph>
            {change.exam_no} {change.customer_name ?? ''}，{HIS_CHANGE_TYPE_LABELS[change.change_type]}：
            {change.content}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{HINTS[action]}</Typography.Paragraph>
          <Input.TextArea
            aria-label="备注"
            placeholder="备注（选填）"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </>
      )}
    </Modal>
  );
}
