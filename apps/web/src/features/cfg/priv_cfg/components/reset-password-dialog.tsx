import { App, Form, Input, Modal, Typography } from 'antd';
import { PASSWORD_POLICY_HINT, sameAs } from '../../../../lib/password';
import { useAccountActions } from '../api/account-calls';

export interface ResetPasswordDialogProps {
  /** The account whose password is reset; null while closed. */
  account: { id: number; user_account: string; user_name: string } | null;
  onClose(): void;
}

/** 重置密码: a temporary password the account must change at its next login. */
export function ResetPasswordDialog({ account, onClose }: ResetPasswordDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { resetPassword } = useAccountActions();

  const submit = ({ password }: { password: string }) =>
    resetPassword.mutate(
      { user_id: account!.id, password },
      {
        onSuccess: () => {
          void message.success(`已重置${account!.user_name}的密码，下次登录须修改密码`);
          form.resetFields();
          onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <Modal
      open={account !== null}
      title={`重置密码：${account?.user_name ?? ''}（${account?.user_account ?? ''}）`}
      okText="重置"
      cancelText="取消"
      confirmLoading={resetPassword.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        设置一个临时密码并告知本人；该账号下次登录后须先修改密码才能使用系统。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" aria-label="重置密码" onFinish={submit} autoComplete="off">
        <Form.Item
          label="临时密码"
          name="password"
          rules={[{ required: true, message: '请输入临时密码' }]}
          extra={PASSWORD_POLICY_HINT}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="确认临时密码"
          name="confirm"
          dependencies={['password']}
          rules={[{ required: true, message: '请再次输入临时密码' }, sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
