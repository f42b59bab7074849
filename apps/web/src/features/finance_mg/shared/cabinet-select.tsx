import { Select } from 'antd';
import { reportCabinetResource } from '@checkup/api-contract';
import { useResourceList } from '../../../lib/resource/resource-api';

/** A cabinet of the report room in use, chosen by its number. */
export function CabinetSelect(props: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const cabinets = useResourceList(reportCabinetResource, { page: 1, size: 200 });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={cabinets.isFetching}
      options={(cabinets.data?.list ?? [])
        .filter((c) => c.enabled)
        .map((c) => ({ value: c.cabinet_no, label: `${c.cabinet_no} · ${c.cabinet_name}` }))}
      {...props}
    />
  );
}
