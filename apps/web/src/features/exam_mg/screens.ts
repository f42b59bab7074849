import type { AreaScreens } from '../../app/routes/area-chunks';
import HomePage from './home_page';
import OrderMg from './order_mg';
import OrderQuickRegister from './order_quick_register';
import OrderMgDetail from './order_mg_detail';
import DeptDiag from './dept_diag';
import DeptDiagBatch from './dept_diag_batch';
import DeptDiagDetail from './dept_diag_detail';
import SerDisMg from './ser_dis_mg';
import DataMonitor from './data_monitor';
import QueueMg from './queue_mg';
import QueueMgCall from './queue_mg_call';
import DeptDiagQueue from './dept_diag_queue';

/** The built screens of 体检管理, by screen key; the rest of the area shows the developing page. */
export const screens: AreaScreens = {
  home_page: HomePage,
  order_mg: OrderMg,
  order_quick_register: OrderQuickRegister,
  order_mg_detail: OrderMgDetail,
  dept_diag: DeptDiag,
  dept_diag_detail: DeptDiagDetail,
  dept_diag_batch: DeptDiagBatch,
  ser_dis_mg: SerDisMg,
  data_monitor: DataMonitor,
  queue_mg: QueueMg,
  queue_mg_call: QueueMgCall,
  dept_diag_queue: DeptDiagQueue,
};
