import { Alert } from 'antd';
import { HIS_NOT_CONFIGURED } from '@checkup/api-contract';
import { useHisStatus } from './get-his-status';

/** Both HIS screens say plainly at the top whether a HIS is configured. */
export function HisNotice() {
  const status = useHisStatus();
  if (!status.data) return null;
  if (!status.data.configured) {
    return <Alert type="warning" showIcon role="status" style={{ marginBottom: 12 }} message={HIS_NOT_CONFIGURED} />;
  }
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 12 }}
      message={`已配置HIS接口：${status.data.interface_name ?? ''}`}
    />
  );
}
