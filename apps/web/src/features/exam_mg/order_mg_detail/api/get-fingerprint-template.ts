import { fingerprintTemplateRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 读取指纹模板 GET /manager/api/customer/fingerprint_template — read when a comparison starts, never cached. */
export const getFingerprintTemplate = (customerId: number) =>
  api.call(fingerprintTemplateRoute, { customer_id: customerId });
