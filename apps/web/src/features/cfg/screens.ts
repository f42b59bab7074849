import type { AreaScreens } from '../../app/routes/area-chunks';
import BizOperationLog from './biz_operation_log';
import CacheMg from './cache_mg';
import LogFront from './log_front';
import ParCfg from './par_cfg';
import PrintCfg from './print_cfg';
import SysOperationLog from './sys_operation_log';

/** The built screens of 系统设置, by screen key; the rest of the area shows the developing page. */
export const screens = {
  cache_mg: CacheMg,
  log_front: LogFront,
  print_cfg: PrintCfg,
  par_cfg: ParCfg,
  sys_operation_log: SysOperationLog,
  biz_operation_log: BizOperationLog,
} satisfies AreaScreens<'cfg'>;
