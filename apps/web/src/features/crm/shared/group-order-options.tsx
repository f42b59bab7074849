import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { groupOrderOptionsRoute } from '@checkup/api-contract';
import { api } from '../../../lib/api';

/** Companies, contracts, packages, branches and salespeople the group order forms choose from. */
export function useGroupOrderOptions() {
  return useQuery({
    queryKey: ['crm', 'group-order-options'],
    queryFn: () => api.call(groupOrderOptionsRoute, {}),
    staleTime: 60_000,
  });
}

type Kind = 'companies' | 'contracts' | 'packages' | 'branches' | 'sales_users';

/** A searchable choice among one kind of the options (a form control: value and onChange from antd Form). */
export function OptionSelect(props: {
  kind: Kind;
  value?: number | null;
  onChange?(value: number | null): void;
  'aria-label': string;
}) {
  const options = useGroupOrderOptions();
  const list = (options.data?.[props.kind] ?? []).map((o) =>
    props.kind === 'packages' && 'list_total' in o
      ? { value: o.value, label: `${o.label}（原价合计 ${o.list_total} 元）` }
      : { value: o.value, label: o.label },
  );
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={options.isLoading}
      options={list}
      value={props.value ?? undefined}
      onChange={(value?: number) => props.onChange?.(value ?? null)}
      aria-label={props['aria-label']}
      placeholder="输入名称搜索"
      style={{ width: '100%' }}
    />
  );
}
