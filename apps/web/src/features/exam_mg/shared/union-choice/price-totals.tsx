import { Space, Typography } from 'antd';
import { fenText, type PriceTotals } from '@checkup/api-contract';

/** 套餐价, 原价合计, 优惠合计, 应收, 已收, 待收 — in one line under the item table. */
export function PriceTotalsLine({ totals, paidFen = 0 }: { totals: PriceTotals; paidFen?: number }) {
  const item = (label: string, fen: number, strong = false, testId?: string) => (
    <span>
      {label}：
      <Typography.Text strong={strong} data-testid={testId}>
        ¥{fenText(fen)}
      </Typography.Text>
    </span>
  );
  return (
    <Space wrap size="middle" data-testid="price-totals">
      {totals.package_fen > 0 && item('套餐价', totals.package_fen)}
      {item('原价合计', totals.list_fen)}
      {item('优惠合计', totals.discount_fen)}
      {item('应收', totals.payable_fen, true, 'order-total')}
      {item('已收', paidFen)}
      {item('待收', totals.payable_fen - paidFen, true, 'order-unpaid')}
    </Space>
  );
}
