import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { orderUnregisterRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 反登记 POST /manager/api/order/unregister */
export const unregisterOrder = (orderId: string) => api.call(orderUnregisterRoute, { order_id: orderId });

/**
 * 反登记 after a confirmation naming the visit; the server refuses once anything was done or paid
 * and says why. Answers whether the visit is gone.
 */
export function useUnregister() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  return async (orderId: string, custName: string): Promise<boolean> => {
    const confirmed = await modal.confirm({
      title: '反登记',
      content: `确定撤销 ${custName} 的本次登记（体检号 ${orderId}）吗？登记的项目将被删除，体检者档案保留。`,
      okText: '确定反登记',
      okButtonProps: { danger: true },
      cancelText: '取消',
    });
    if (!confirmed) return false;
    try {
      await unregisterOrder(orderId);
      void message.success(`已反登记，体检号 ${orderId}`);
      queryClient.removeQueries({ queryKey: ['order', orderId] });
      void queryClient.invalidateQueries({ queryKey: ['order', 'list'] });
      return true;
    } catch (err) {
      void message.error((err as Error).message);
      return false;
    }
  };
}
