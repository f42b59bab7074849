import { Alert, Button, Space, Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { FingerprintCapture, FingerprintClient, FingerprintMatch } from '../fingerprint/fingerprint-client.js';
import type { FingerprintStatus } from '../fingerprint/status.js';
import { FINGERPRINT_STEPS, nextStep } from './fingerprint-steps.js';
import { deviceImageSrc } from './image-src.js';

export const NO_REGISTERED_FINGERPRINT = '该体检者尚未登记指纹，无法比对';

export interface FingerprintSessionProps {
  client: FingerprintClient;
  enrolling: boolean;
  registeredTemplate?: string;
  registeredImageUrl?: string;
  onEnrolled?: (capture: FingerprintCapture) => void;
  onCompared?: (result: { capture: FingerprintCapture; match: FingerprintMatch }) => void;
  onClose: () => void;
}

interface View {
  status: FingerprintStatus | null;
  image: string;
  step: number;
  running: boolean;
  outcome: { type: 'success' | 'error' | 'warning'; text: string } | null;
}

const fresh = (canRun: boolean): View => ({
  status: null,
  image: '',
  step: -1,
  running: canRun,
  outcome: canRun ? null : { type: 'warning', text: NO_REGISTERED_FINGERPRINT },
});

/** One opening of the fingerprint dialog: runs the operation at once, again on request, and closes the socket at the end. */
export function FingerprintSession(props: FingerprintSessionProps) {
  const { client, enrolling, registeredTemplate, registeredImageUrl, onClose } = props;
  // Only a comparison uses the registered template; a new one saved after enrolment must not restart it.
  const template = enrolling ? '' : (registeredTemplate ?? '');
  const canRun = enrolling || template !== '';
  const [view, setView] = useState(() => fresh(canRun));
  const [attempt, setAttempt] = useState(0);
  const [registeredImageFailed, setRegisteredImageFailed] = useState(false);
  // The page may pass new callbacks on every render; they must not restart the device operation.
  const callbacks = useRef({ onEnrolled: props.onEnrolled, onCompared: props.onCompared });
  useEffect(() => {
    callbacks.current = { onEnrolled: props.onEnrolled, onCompared: props.onCompared };
  });

  useEffect(
    () =>
      client.onStatus((status) =>
        setView((v) => ({ ...v, status, step: nextStep(v.step, status.code), image: status.image ?? v.image })),
      ),
    [client],
  );

  useEffect(() => {
    if (!canRun) return;
    let live = true;
    const operation = enrolling ? client.enrol() : client.captureAndMatch(template);
    void operation.then((result) => {
      if (!live) return;
      let outcome: View['outcome'] = null;
      if (!result.ok) {
        if (result.error !== 'cancelled') outcome = { type: 'error', text: result.message };
      } else if ('template' in result.data) {
        outcome = { type: 'success', text: '指纹注册成功' };
        callbacks.current.onEnrolled?.(result.data);
      } else {
        outcome = { type: result.data.match.matched ? 'success' : 'error', text: result.data.match.text };
        callbacks.current.onCompared?.(result.data);
      }
      setView((v) => ({ ...v, running: false, outcome }));
    });
    return () => {
      live = false;
      client.close();
    };
  }, [attempt, canRun, client, enrolling, template]);

  const again = () => {
    setView(fresh(canRun));
    setAttempt((n) => n + 1);
  };
  const reconnect = () => void client.reconnect();

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Steps
        size="small"
        current={Math.max(view.step, 0)}
        status={view.outcome?.type === 'error' ? 'error' : view.step === 3 ? 'finish' : 'process'}
        items={FINGERPRINT_STEPS.map((title) => ({ title }))}
      />
      <Typography.Text role="status">{view.status?.text ?? '正在连接指纹仪…'}</Typography.Text>
      <Space size="large">
        {!enrolling && registeredImageUrl && (
          <figure style={{ margin: 0 }}>
            {registeredImageFailed ? (
              <Typography.Text type="secondary">初始指纹图片加载失败</Typography.Text>
            ) : (
              <img
                src={registeredImageUrl}
                alt="登记指纹"
                height={120}
                onError={() => setRegisteredImageFailed(true)}
              />
            )}
            <figcaption>登记指纹</figcaption>
          </figure>
        )}
        {view.image && (
          <figure style={{ margin: 0 }}>
            <img src={deviceImageSrc(view.image)} alt="本次采集指纹" height={120} />
            <figcaption>本次采集</figcaption>
          </figure>
        )}
      </Space>
      {view.outcome && <Alert showIcon type={view.outcome.type} title={view.outcome.text} />}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={reconnect}>重新连接</Button>
        <Button type="primary" disabled={view.running} onClick={again}>
          {enrolling ? '重新注册' : '重新比对'}
        </Button>
        <Button onClick={onClose}>关闭</Button>
      </Space>
    </Space>
  );
}
