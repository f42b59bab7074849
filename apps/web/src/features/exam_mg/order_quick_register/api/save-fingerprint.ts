import { saveFingerprintRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 保存指纹 POST /manager/api/customer/save_fingerprint */
export const saveFingerprint = (customerId: number, template: string) =>
  api.call(saveFingerprintRoute, { customer_id: customerId, fingerprint_template: template });
