import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationSettingsRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 登记收费设置 GET /manager/api/order/registration_settings (parameter 0140) */
export const getRegistrationSettings = () => api.call(registrationSettingsRoute, {});

export const registrationSettingsQueryOptions = queryOptions({
  queryKey: ['parameter', '0140'],
  queryFn: getRegistrationSettings,
  staleTime: 5 * 60_000,
});

export const useRegistrationSettings = () => useQuery(registrationSettingsQueryOptions);
