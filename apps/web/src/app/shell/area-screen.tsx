import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { DevelopingPage } from '@checkup/ui';
import { loadArea, type LoadedScreens } from '../routes/area-chunks';
import { HOME_PATH } from '@checkup/api-contract';
import type { AppRoute } from '@checkup/api-contract';

type Loaded = { state: 'loading' } | { state: 'ready'; screens: LoadedScreens | null } | { state: 'failed' };

/** One screen of the table: its area chunk loaded (with the spec's time-out and a retry), or the developing page. */
export function AreaScreen({ route }: { route: AppRoute }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    loadArea(route.area).then(
      (screens) => live && setLoaded({ state: 'ready', screens }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [route.area, attempt]);

  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (loaded.state === 'loading') return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (loaded.state === 'failed') {
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle="网络较慢或系统已更新，页面没有在规定时间内加载完成。"
        extra={
          <Button type="primary" onClick={retry}>
            重新加载
          </Button>
        }
      />
    );
  }
  const Screen = loaded.screens?.[route.screenKey];
  // A screen may be a lazy chunk of its own (体检配置's are): it loads inside the page, not the shell.
  return Screen ? (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      <Screen />
    </Suspense>
  ) : (
    <DevelopingPage title={`${route.title} · 功能开发中`} onBack={() => navigate(HOME_PATH)} />
  );
}
