import { Button } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { KioskFrame } from './components/kiosk-frame';
import styles from './components/kiosk-frame.module.css';
import { forgetExaminee, kioskExaminee } from './kiosk-session';

const SEX_NAMES: Record<string, string> = { '1': '男', '2': '女' };

/** 个人信息 (/self_print/user_info): the examinee checks it is them, masked, before any report is shown. */
export default function SelfPrintUserInfo() {
  const navigate = useNavigate();
  const examinee = kioskExaminee();
  if (!examinee) return <Navigate to="/self_print" replace />;

  const back = () => {
    forgetExaminee();
    void navigate('/self_print');
  };

  return (
    <KioskFrame>
      <h1 className={styles.title}>请核对您的个人信息</h1>
      <div className={styles.card}>
        <div className={styles.facts}>
          <span className={styles.label}>姓名</span>
          <span data-testid="kiosk-name">{examinee.cust_name}</span>
          <span className={styles.label}>性别</span>
          <span>{SEX_NAMES[examinee.sex]}</span>
          <span className={styles.label}>年龄</span>
          <span>{examinee.age} 岁</span>
          <span className={styles.label}>身份证号</span>
          <span>{examinee.cust_id_card}</span>
        </div>
      </div>
      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          className={styles.big}
          onClick={() => void navigate('/self_print/report_list')}
        >
          确认
        </Button>
        <Button size="large" className={styles.big} onClick={back}>
          返回
        </Button>
      </div>
    </KioskFrame>
  );
}
