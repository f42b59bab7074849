import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parameterListRoute, saveParameterRoute, type EditableParameterCode } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { versionQueryOptions } from '../../../../app/api/get-version';

/** 系统参数列表 GET /manager/api/Commonconfig/parameter_list */
export const getParameters = () => api.call(parameterListRoute, {});

export const parametersQueryOptions = queryOptions({
  queryKey: ['par_cfg', 'list'],
  queryFn: getParameters,
});

export const useParameters = () => useQuery(parametersQueryOptions);

/** 保存系统参数 POST /manager/api/Commonconfig/save_parameter */
export const saveParameter = (code: EditableParameterCode, value: unknown) =>
  api.call(saveParameterRoute, { param_code: code, param_value: JSON.stringify(value) });

export const useSaveParameter = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, value }: { code: EditableParameterCode; value: unknown }) => saveParameter(code, value),
    onSuccess: async (_row, { code }) => {
      await queryClient.invalidateQueries({ queryKey: ['par_cfg'] });
      // The hospital's name and colour head every page (spec §1).
      if (code === '0810') await queryClient.invalidateQueries({ queryKey: versionQueryOptions.queryKey });
    },
  });
};
