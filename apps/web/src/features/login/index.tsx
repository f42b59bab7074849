import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useVersion } from '../../app/api/get-version';
import { useLogin, type LoginForm } from './api/login';
import styles from './login.module.css';

/** 登录 (route /): the door to the staff system. */
export default function LoginPage() {
  const navigate = useNavigate();
  const version = useVersion();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

  async function onFinish(values: LoginForm) {
    setError(null);
    try {
      await loginMutation.mutateAsync(values);
      navigate('/manager', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : '登录失败，请稍后再试');
    }
  }

  return (
    <div className={styles.page}>
      <Card className={styles.card} variant="borderless">
        <div className={styles.brand}>
          <Typography.Title level={3} className={styles.hospital}>
            {version.data?.name ?? '体检管理系统'}
          </Typography.Title>
          <Typography.Text type="secondary">健康体检管理系统 · 工作人员登录</Typography.Text>
        </div>
        {error && <Alert type="error" showIcon title={error} className={styles.alert} role="alert" />}
        <Form<LoginForm> layout="vertical" size="large" onFinish={onFinish} autoComplete="off" requiredMark={false}>
          <Form.Item
            label="用户账号"
            name="user_account"
            rules={[{ required: true, whitespace: true, message: '请输入用户账号' }]}
          >
            <Input prefix={<UserOutlined />} placeholder="请输入用户账号" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
            登 录
          </Button>
        </Form>
      </Card>
      <Typography.Text className={styles.footer}>{version.data ? `版本 ${version.data.version}` : ' '}</Typography.Text>
    </div>
  );
}
