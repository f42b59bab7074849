import { customerSearchRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 体检者查询 GET /manager/api/customer/search — asked on demand, not cached: a returning examinee is looked up once. */
export const searchCustomer = (key: string) => api.call(customerSearchRoute, { key });
