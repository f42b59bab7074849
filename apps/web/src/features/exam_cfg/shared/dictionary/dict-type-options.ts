import { useMemo } from 'react';
import { dictTypeResource } from '@checkup/api-contract';
import { useResourceList } from '../../../../lib/resource/resource-api';

/** The dictionary types as select options (数据字典 and 字典对照 filter by them): a few dozen at most. */
export function useDictTypeOptions() {
  const types = useResourceList(dictTypeResource, { page: 1, size: 200 });
  return useMemo(
    () => (types.data?.list ?? []).map((t) => ({ value: String(t.id), label: `${t.type_name}（${t.type_code}）` })),
    [types.data],
  );
}
