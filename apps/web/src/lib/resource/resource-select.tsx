import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { AnyResource, ResourceRow } from '@checkup/api-contract';
import { useResourceList } from './resource-api';

type Value = number | number[] | null | undefined;

export interface ResourceSelectProps<R extends AnyResource> {
  resource: R;
  /** How a record is named in the choice, e.g. 血常规（XCG）. */
  labelOf(row: ResourceRow<R>): string;
  mode?: 'multiple';
  value?: Value;
  onChange?(value: Value): void;
  placeholder?: string;
  /** Filters every search carries, e.g. one department's items. */
  filter?: Record<string, string>;
  'aria-label'?: string;
}

const asList = (value: Value) => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * A choice among another resource's records, searched on the server as the user types (a catalogue
 * of thousands does not come to the browser); the chosen ones are named by asking for their ids.
 */
export function ResourceSelect<R extends AnyResource>(props: ResourceSelectProps<R>) {
  const { resource, labelOf, mode, value, onChange, placeholder, filter = {} } = props;
  const [key, setKey] = useState('');
  const chosen = asList(value);
  const found = useResourceList(resource, { ...filter, key, enabled: '1', page: 1, size: 50 });
  const named = useResourceList(resource, { ids: chosen.join(','), page: 1, size: 200 }, chosen.length > 0);
  const options = useMemo(() => {
    const rows = new Map<number, ResourceRow<R>>();
    for (const row of [
      ...((named.data?.list ?? []) as ResourceRow<R>[]),
      ...((found.data?.list ?? []) as ResourceRow<R>[]),
    ])
      rows.set(row.id, row);
    return [...rows.values()].map((row) => ({ value: row.id, label: labelOf(row) }));
  }, [found.data, named.data, labelOf]);

  return (
    <Select
      aria-label={props['aria-label']}
      mode={mode}
      showSearch={{ filterOption: false, onSearch: setKey }}
      allowClear
      style={{ width: '100%', maxWidth: 420 }}
      placeholder={placeholder}
      loading={found.isFetching}
      value={mode ? chosen : (chosen[0] ?? undefined)}
      onChange={(next: Value) => onChange?.(next ?? (mode ? [] : null))}
      options={options}
    />
  );
}
