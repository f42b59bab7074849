import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { publicKeyRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { encryptPassword } from '../../../../lib/password';

export interface LeaderCredentials {
  leader_account: string;
  /** Encrypted as at login (spec §5). */
  leader_password: string;
}

interface Pending {
  reason: string;
  resolve: (value: LeaderCredentials | null) => void;
}

/**
 * 领导授权: a discount below the clerk's floor is confirmed on the spot by a leader's own account and
 * password; the server checks that account, its floor and the password, and audits both names.
 * `ask` answers the credentials, or null when the clerk cancels.
 */
export function useLeaderConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ account: string; password: string }>();

  const ask = (reason: string) =>
    new Promise<LeaderCredentials | null>((resolve) => {
      form.resetFields();
      setPending({ reason, resolve });
    });

  const finish = (value: LeaderCredentials | null) => {
    pending?.resolve(value);
    setPending(null);
  };

  const submit = async () => {
    const { account, password } = await form.validateFields();
    setBusy(true);
    try {
      const { public_key } = await api.call(publicKeyRoute);
      finish({ leader_account: account.trim(), leader_password: await encryptPassword(password, public_key) });
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal
      open={pending !== null}
      title="领导授权"
      okText="授权"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => finish(null)}
      forceRender
    >
      {pending && <Alert type="warning" showIcon title={pending.reason} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" size="small">
        <Form.Item
          label="领导账号"
          name="account"
          rules={[{ required: true, whitespace: true, message: '请输入领导账号' }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="领导密码" name="password" rules={[{ required: true, message: '请输入领导密码' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );

  return { ask, dialog };
}
