import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { HIS_NOT_CONFIGURED, hisStatusRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

export const hisStatusQueryOptions = {
  queryKey: ['his_sync', 'status'],
  queryFn: () => api.call(hisStatusRoute, {}),
};

/** Whether a HIS is configured: both HIS screens say plainly at the top when none is. */
export function useHisStatus() {
  return useQuery(hisStatusQueryOptions);
}

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
