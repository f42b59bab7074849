import { lazy } from 'react';
import type { AreaScreens } from '../../app/routes/area-chunks';
import BizOperationLog from './biz_operation_log';
import CacheMg from './cache_mg';
import InterfaceErrorLog from './interface_error_log';
import LogBackend from './log_backend';
import LogFront from './log_front';
import MenuClassification from './menu_classification';
import MenuClassificationDetail from './menu_classification_detail';
import ParCfg from './par_cfg';
import PrintCfg from './print_cfg';
import PrivCfg from './priv_cfg';
import SysOperationLog from './sys_operation_log';
import SystemFunctionIntroduction from './system_function_introduction';
import SystemRegister from './system_register';
import VersionLog from './version_log';

/** The built screens of 系统设置, by screen key; the rest of the area shows the developing page. */
export const screens = {
  cache_mg: CacheMg,
  log_front: LogFront,
  log_backend: LogBackend,
  print_cfg: PrintCfg,
  priv_cfg: PrivCfg,
  par_cfg: ParCfg,
  sys_operation_log: SysOperationLog,
  biz_operation_log: BizOperationLog,
  // Lazy: the menu tree brings antd's Tree, which no other screen of the area needs.
  role_mg: lazy(() => import('./role_mg')),
  role_mg_detail: lazy(() => import('./role_mg_detail')),
  menu_classification: MenuClassification,
  menu_classification_detail: MenuClassificationDetail,
  system_function_introduction: SystemFunctionIntroduction,
  system_register: SystemRegister,
  version_log: VersionLog,
  interface_error_log: InterfaceErrorLog,
} satisfies AreaScreens<'cfg'>;
