/** Where the registration screens live in the shell (route table exam_mg). */
export const ORDER_MG_PATH = '/manager/exam_mg/order_mg';
export const QUICK_REGISTER_PATH = '/manager/exam_mg/order_quick_register';

export const orderDetailPath = (orderId: string) =>
  `/manager/exam_mg/order_mg_detail?order_id=${encodeURIComponent(orderId)}`;
