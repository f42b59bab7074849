import { OperationLogScreen } from '../shared/operation-log/operation-log-screen';

/** 系统操作日志 (cfg/sys_operation_log): sign-ins, confidential-person access, server mode, templates. */
export default function SysOperationLog() {
  return <OperationLogScreen category="sys" title="系统操作日志" />;
}
