import { getParameterRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** Parameter 0110 (spec §3 cardReaderCfg) for the ID card reader; libs/devices caches it as parameter_0110. */
export const getCardReaderParameter = () => api.call(getParameterRoute, { param_code: '0110' });
