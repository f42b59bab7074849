import { useState, type CSSProperties, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useVersion } from '../../app/api/get-version';
import { themePalette } from '../../app/theme';
import { useLogin, type LoginForm } from './api/login';
import styles from './login.module.css';

type FieldErrors = Partial<Record<keyof LoginForm, string>>;

function check(values: LoginForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.user_account.trim()) errors.user_account = '请输入用户账号';
  if (!values.password) errors.password = '请输入密码';
  return errors;
}

const UserIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
    <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.3-8 5.2V21h16v-1.8c0-2.9-3.6-5.2-8-5.2Z" />
  </svg>
);

const LockIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
    <path d="M17 9V7A5 5 0 0 0 7 7v2H5v12h14V9h-2ZM9 7a3 3 0 0 1 6 0v2H9V7Zm4 9.7V19h-2v-2.3a2 2 0 1 1 2 0Z" />
  </svg>
);

/**
 * 登录 (route /): the door to the staff system. Plain elements and no antd: the first route stays
 * small (bench:web, target ≤ 200 kB gzip); the theme colour of spec §1 is a CSS variable.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const version = useVersion();
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginForm>({ user_account: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);

  const field = (name: keyof LoginForm) => ({
    value: values[name],
    'aria-invalid': fieldErrors[name] ? true : undefined,
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

  const palette = themePalette(version.data?.systemColorStyle);
  const theme = {
    '--theme-color': palette.surface,
    '--theme-on-color': palette.onSurface,
    '--theme-text': palette.text,
  } as CSSProperties;
  const pending = loginMutation.isPending;

  return (
    <div className={styles.page} style={theme}>
      <main className={styles.card}>
        <div className={styles.brand}>
          <h1 className={styles.hospital}>{version.data?.name ?? '体检管理系统'}</h1>
          <p className={styles.subtitle}>健康体检管理系统 · 工作人员登录</p>
        </div>
        {error && (
          <div className={styles.alert} role="alert">
            {error}
          </div>
        )}
        <form onSubmit={onSubmit} autoComplete="off" noValidate>
          <label className={styles.field}>
            <span className={styles.label}>用户账号</span>
            <span className={styles.input} data-error={fieldErrors.user_account ? '' : undefined}>
              <UserIcon />
              <input placeholder="请输入用户账号" autoFocus {...field('user_account')} />
            </span>
            <span className={styles.error}>{fieldErrors.user_account}</span>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>密码</span>
            <span className={styles.input} data-error={fieldErrors.password ? '' : undefined}>
              <LockIcon />
              <input type={showPassword ? 'text' : 'password'} placeholder="请输入密码" {...field('password')} />
              <button
                type="button"
                className={styles.reveal}
                onClick={() => setShowPassword((s) => !s)}
                aria-label={showPassword ? '隐藏密码' : '显示密码'}
                aria-pressed={showPassword}
              >
                {showPassword ? '隐藏' : '显示'}
              </button>
            </span>
            <span className={styles.error}>{fieldErrors.password}</span>
          </label>
          <button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
            {pending ? '登录中…' : '登 录'}
          </button>
        </form>
      </main>
      <p className={styles.footer}>{version.data ? `版本 ${version.data.version}` : ' '}</p>
    </div>
  );
}
