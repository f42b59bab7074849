import { Button, Result } from 'antd';

export interface DevelopingPageProps {
  /** Where the "back" button goes; omitted, no button is shown. */
  onBack?: () => void;
  title?: string;
}

/** Spec §2: a route with no screen yet, and any unknown path, shows this page. */
export function DevelopingPage({ onBack, title = '功能开发中' }: DevelopingPageProps) {
  return (
    <Result
      status="info"
      title={title}
      subTitle="该功能正在开发中，敬请期待。"
      extra={
        onBack ? (
          <Button type="primary" onClick={onBack}>
            返回首页
          </Button>
        ) : undefined
      }
    />
  );
}
