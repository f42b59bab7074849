import { setServiceTypeRoute, type SwitchableServiceType } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** 切换服务模式 POST /manager/external/external/set_service_type */
export const setServiceType = (type: SwitchableServiceType) => api.call(setServiceTypeRoute, { type });
