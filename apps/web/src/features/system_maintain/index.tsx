import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { AntdProviders } from '../../app/antd-providers';
import { MAINTAIN_RETURN_KEY } from '../../app/shell/signal-handler';

/** 系统维护中 (/systemMaintain): shown while the system is under maintenance; goes back where it was. */
export default function SystemMaintainPage() {
  const navigate = useNavigate();
  function back() {
    // Read once: a later maintenance stop remembers its own route.
    const target = sessionStorage.getItem(MAINTAIN_RETURN_KEY) ?? '/manager/exam_mg/home_page';
    sessionStorage.removeItem(MAINTAIN_RETURN_KEY);
    void navigate(target, { replace: true });
  }
  return (
    <AntdProviders>
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Result
          status="warning"
          title="系统维护中"
          subTitle="体检系统正在维护，请稍后再试。维护结束后点击下方按钮返回原来的页面。"
          extra={
            <Button type="primary" onClick={back} data-testid="maintain-back">
              返回原页面
            </Button>
          }
        />
      </div>
    </AntdProviders>
  );
}
