import { useState } from 'react';
import { App, Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { FingerprintDialog } from '@checkup/devices';
import { orderDetailPath } from '../../shared/orders/order-paths';
import { saveFingerprint } from '../api/save-fingerprint';
import { usePrintGuideSheet } from '../../shared/guide-sheet/use-print-guide-sheet';

export interface SavedOrder {
  order_id: string;
  customer_id: number;
  total_price: string;
}

/** After a save: print the guide sheet, enrol the fingerprint, open the detail, or register the next one. */
export function AfterSaveActions({ saved, onNext }: { saved: SavedOrder; onNext: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [enrolling, setEnrolling] = useState(false);
  const { print, printing } = usePrintGuideSheet();

  return (
    <Result
      status="success"
      title={`登记成功，体检号 ${saved.order_id}`}
      subTitle={`合计金额 ¥${saved.total_price}`}
      extra={
        <Space wrap>
          <Button type="primary" autoFocus loading={printing} onClick={() => void print(saved.order_id)}>
            打印导检单
          </Button>
          <Button onClick={() => setEnrolling(true)}>录入指纹</Button>
          <Button onClick={() => void navigate(orderDetailPath(saved.order_id))}>查看登记详情</Button>
          <Button onClick={onNext}>继续登记</Button>
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
