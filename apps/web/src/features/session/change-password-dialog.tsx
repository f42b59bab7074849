import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { PASSWORD_POLICY_HINT, sameAs } from '../../lib/password';
import { useChangePassword, type ChangePasswordForm } from './api/change-password';

export interface ChangePasswordDialogProps {
  open: boolean;
  /**
   * After 重置密码 or on a new account: the dialog cannot be put aside (the server refuses every other
   * call until the password is changed); 退出登录 is the only other way out.
   */
  forced?: boolean;
  onClose(): void;
  onLogout(): void;
}

const required = (label: string) => ({ required: true, message: `请输入${label}` });

/** 修改密码: the current password and a new one the server's policy accepts, typed twice. */
export function ChangePasswordDialog({ open, forced = false, onClose, onLogout }: ChangePasswordDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordForm & { confirm: string }>();
  const change = useChangePassword();

  const submit = ({ old_password, new_password }: ChangePasswordForm) =>
    change.mutate(
      { old_password, new_password },
      {
        onSuccess: () => {
          void message.success('密码已修改');
          form.resetFields();
          onClose();
        },
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <Modal
      open={open}
      title={forced ? '请修改密码' : '修改密码'}
      closable={!forced}
      maskClosable={false}
      keyboard={!forced}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        forced ? (
          <Button key="logout" onClick={onLogout}>
            退出登录
          </Button>
        ) : (
          <Button key="cancel" onClick={onClose}>
            取消
          </Button>
        ),
        <Button key="ok" type="primary" loading={change.isPending} onClick={() => form.submit()}>
          确定修改
        </Button>,
      ]}
    >
      {forced && (
        <Typography.Paragraph type="warning">
          您的密码是管理员设置的初始或临时密码，请先修改密码后再使用系统。
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" aria-label="修改密码" onFinish={submit} autoComplete="off">
        <Form.Item label="原密码" name="old_password" rules={[required('原密码')]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item label="新密码" name="new_password" rules={[required('新密码')]} extra={PASSWORD_POLICY_HINT}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm"
          dependencies={['new_password']}
          rules={[required('确认新密码'), sameAs('new_password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
