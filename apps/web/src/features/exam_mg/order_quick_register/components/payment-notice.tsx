import { useState } from 'react';
import { Alert, App, Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { costDetailRoute, mayCall, type PaymentState } from '@checkup/api-contract';
import { useUserInfo } from '../../../session/api/get-user-info';
import { downloadPaymentSlip } from '../../shared/desk-print/print-desk-documents';

/**
 * 0140 at the desk: nothing to pay, 待收费 after the exam (先检后付), or the cashier first (先付后检,
 * the guide sheet waits); the 缴费单 lists the unpaid 自费 lines.
 */
export function PaymentNotice({ state }: { state: PaymentState }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  // 先付后检 sends the clerk to 费用详情 when the account may open it (issue 23).
  const mayCharge = mayCall(costDetailRoute, useUserInfo().data?.role_menu ?? []);
  const [printing, setPrinting] = useState(false);
  if (state.unpaid_lines.length === 0) {
    return <Alert type="success" showIcon title="自费项目已缴清（或全部由单位统收）" />;
  }
  const printSlip = async () => {
    setPrinting(true);
    try {
      await downloadPaymentSlip(state.order_id);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setPrinting(false);
    }
  };
  const lines = (
    <Space size={[4, 4]} wrap>
      {state.unpaid_lines.map((l) => (
        <Tag key={l.union_id} color="orange">
          {l.union_name} ¥{l.price} 待收费
        </Tag>
      ))}
    </Space>
  );
  const slip = (
    <Space direction="vertical" size={4}>
      <Button size="small" loading={printing} onClick={() => void printSlip()}>
        打印缴费单
      </Button>
      {mayCharge && (
        <Button
          size="small"
          type="primary"
          onClick={() => void navigate(`/manager/finance_mg/cost_mg_detail?order_id=${state.order_id}`)}
        >
          去收费
        </Button>
      )}
    </Space>
  );
  return state.guide_sheet_blocked ? (
    <Alert
      type="warning"
      showIcon
      title={`先付后检：请引导体检者到收费处缴费（待收费 ¥${state.unpaid_total}），缴费后再打印导检单`}
      description={lines}
      action={slip}
    />
  ) : (
    <Alert
      type="info"
      showIcon
      title={`先检后付：待收费 ¥${state.unpaid_total}，体检结束后到收费处缴费`}
      description={lines}
      action={slip}
    />
  );
}
