import { useEffect } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { adoptWorkstationId } from '../../lib/workstation/workstation-id';
import { KioskFrame } from './components/kiosk-frame';
import styles from './components/kiosk-frame.module.css';

/**
 * 自助打印 (/self_print): the welcome screen; a new visit starts here with nothing remembered. The
 * kiosk's start address may name its workstation (#/self_print?workstation=…, shown in 打印配置),
 * whose own reader address then applies: the kiosk port's storage is not the staff port's.
 */
export default function SelfPrintWelcome() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const workstation = params.get('workstation');
  useEffect(() => adoptWorkstationId(workstation), [workstation]);

  return (
    <KioskFrame start>
      <h1 className={styles.title}>体检报告自助打印</h1>
      <div className={styles.hint}>
        <div>1. 点击“开始打印”，将本人身份证放在读卡区</div>
        <div>2. 核对个人信息后点击“确认”</div>
        <div>3. 在报告列表中选择报告，点击“打印”，在出纸口取走报告</div>
        <div>仅可打印已终审通过的本人报告；如有疑问请到服务台咨询</div>
      </div>
      <Button
        type="primary"
        size="large"
        className={styles.big}
        icon={<PrinterOutlined />}
        onClick={() => void navigate('/self_print/scan_idcard')}
      >
        开始打印
      </Button>
    </KioskFrame>
  );
}
