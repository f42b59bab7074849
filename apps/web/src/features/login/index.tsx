import { useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useVersion } from '../../app/api/get-version';
import { useLogin, type LoginForm } from './api/login';
import styles from './login.module.css';

type FieldErrors = Partial<Record<keyof LoginForm, string>>;

function check(values: LoginForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.user_account.trim()) errors.user_account = '请输入用户账号';
  if (!values.password) errors.password = '请输入密码';
  return errors;
}

/**
 * 登录 (route /): the door to the staff system. Two fields need no form library: plain elements
 * keep the first route small (bench:web, target ≤ 200 kB).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const version = useVersion();
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginForm>({ user_account: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const field = (name: keyof LoginForm) => ({
    value: values[name],
    status: fieldErrors[name] ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setFieldErrors((f) => ({ ...f, [name]: undefined }));
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = check(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setError(null);
    try {
      await loginMutation.mutateAsync(values);
      void navigate('/manager', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : '登录失败，请稍后再试');
    }
  }

  return (
    <div className={styles.page}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <h1 className={styles.hospital}>{version.data?.name ?? '体检管理系统'}</h1>
          <p className={styles.subtitle}>健康体检管理系统 · 工作人员登录</p>
        </div>
        {error && <Alert type="error" showIcon title={error} className={styles.alert} role="alert" />}
        <form onSubmit={onSubmit} autoComplete="off" noValidate>
          <label className={styles.field}>
            <span className={styles.label}>用户账号</span>
            <Input
              size="large"
              prefix={<UserOutlined />}
              placeholder="请输入用户账号"
              autoFocus
              {...field('user_account')}
            />
            <span className={styles.error}>{fieldErrors.user_account}</span>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>密码</span>
            <Input.Password size="large" prefix={<LockOutlined />} placeholder="请输入密码" {...field('password')} />
            <span className={styles.error}>{fieldErrors.password}</span>
          </label>
          <Button type="primary" htmlType="submit" size="large" block loading={loginMutation.isPending}>
            登 录
          </Button>
        </form>
      </main>
      <p className={styles.footer}>{version.data ? `版本 ${version.data.version}` : ' '}</p>
    </div>
  );
}
