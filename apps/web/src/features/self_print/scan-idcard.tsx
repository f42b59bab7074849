import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { KioskFrame } from './components/kiosk-frame';
import styles from './components/kiosk-frame.module.css';
import { useFindExaminee } from './api/find-examinee';
import { createKioskReader } from './kiosk-reader';
import { rememberExaminee } from './kiosk-session';

type Step = { kind: 'reading' } | { kind: 'finding' } | { kind: 'failed'; message: string };

/** 刷身份证 (/self_print/scan_idcard): reads the card as soon as the page opens, then finds the examinee. */
export default function SelfPrintScanIdCard() {
  const navigate = useNavigate();
  const { mutateAsync: findExaminee } = useFindExaminee();
  const [step, setStep] = useState<Step>({ kind: 'reading' });
  const [attempt, setAttempt] = useState(0);

  // One reader per attempt, cancelled when the page closes (or React runs the effect again).
  useEffect(() => {
    const reader = createKioskReader();
    let live = true;
    void (async () => {
      const card = await reader.read();
      if (!live) return;
      if (!card.ok) {
        setStep({ kind: 'failed', message: card.message });
        return;
      }
      setStep({ kind: 'finding' });
      try {
        const examinee = await findExaminee(card.data.cust_id_card);
        if (!live) return;
        rememberExaminee(examinee);
        void navigate('/self_print/user_info');
      } catch (err) {
        if (live) setStep({ kind: 'failed', message: (err as Error).message });
      }
    })();
    return () => {
      live = false;
      reader.cancel();
    };
  }, [attempt, findExaminee, navigate]);

  const retry = () => {
    setStep({ kind: 'reading' });
    setAttempt((n) => n + 1);
  };

  return (
    <KioskFrame>
      <h1 className={styles.title}>请刷身份证</h1>
      {step.kind === 'reading' && (
        <div className={styles.hint}>
          <Spin size="large" />
          <div>请将本人二代身份证平放在读卡区，读卡期间请勿移动</div>
        </div>
      )}
      {step.kind === 'finding' && (
        <div className={styles.hint}>
          <Spin size="large" />
          <div>正在查询您的体检记录…</div>
        </div>
      )}
      {step.kind === 'failed' && (
        <div className={styles.error} role="alert">
          {step.message}
        </div>
      )}
      <div className={styles.actions}>
        {step.kind === 'failed' && (
          <Button type="primary" size="large" className={styles.big} onClick={retry}>
            重新读卡
          </Button>
        )}
        <Button size="large" className={styles.big} onClick={() => void navigate('/self_print')}>
          返回首页
        </Button>
      </div>
    </KioskFrame>
  );
}
