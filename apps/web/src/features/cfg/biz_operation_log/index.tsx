import { OperationLogScreen } from '../shared/operation-log/operation-log-screen';

/** 业务操作日志 (cfg/biz_operation_log): registration, check-in, status changes, critical values, report review. */
export default function BizOperationLog() {
  return <OperationLogScreen category="biz" title="业务操作日志" />;
}
