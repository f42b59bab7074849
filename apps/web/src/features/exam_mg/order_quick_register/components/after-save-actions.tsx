import { useState } from 'react';
import { App, Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { FingerprintDialog } from '@checkup/devices';
import { orderDetailPath } from '../../shared/orders/order-paths';
import { saveFingerprint } from '../api/save-fingerprint';
import { usePaymentState } from '../api/get-payment-state';
import { PaymentNotice } from './payment-notice';
import { PrintChoicePanel } from './print-choice-panel';

export interface SavedOrder {
  order_id: string;
  customer_id: number;
  total_price: string;
}

/**
 * After 完成登记: what the examinee still pays and where (0140), what to print (速打 focused, so
 * Enter prints the remembered set), the fingerprint, the detail, or the next examinee.
 */
export function AfterSaveActions({ saved, onNext }: { saved: SavedOrder; onNext: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [enrolling, setEnrolling] = useState(false);
  const payment = usePaymentState(saved.order_id);

  return (
    <Result
      status="success"
      title={`登记成功，体检号 ${saved.order_id}`}
      subTitle={`合计金额 ¥${saved.total_price}`}
      extra={
        <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 640, textAlign: 'left' }}>
          {payment.data && <PaymentNotice state={payment.data} />}
          {payment.isError && <span role="alert">缴费状态读取失败：{payment.error.message}</span>}
          <PrintChoicePanel
            orderId={saved.order_id}
            guideSheetBlocked={payment.data?.guide_sheet_blocked ?? false}
            ready={!payment.isPending}
          />
          <Space wrap>
            <Button onClick={() => setEnrolling(true)}>录入指纹</Button>
            <Button onClick={() => void navigate(orderDetailPath(saved.order_id))}>查看登记详情</Button>
            <Button onClick={onNext}>继续登记</Button>
          </Space>
          <FingerprintDialog
            open={enrolling}
            pageType="dept_detail"
            onClose={() => setEnrolling(false)}
            onEnrolled={(capture) => {
              saveFingerprint(saved.customer_id, capture.template).then(
                () => void message.success('指纹已保存'),
                (err: Error) => void message.error(err.message),
              );
            }}
          />
        </Space>
      }
    />
  );
}
