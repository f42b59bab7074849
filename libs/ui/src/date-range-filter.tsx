import { useState, type ComponentProps } from 'react';
import { DatePicker } from 'antd';

// A module of its own: antd's date picker is about 30 kB gzip, and a list without a date filter (the
// 体检配置 screens) should not download it with the paging and search box (bench:web, issue 18).

type RangeValue = ComponentProps<typeof DatePicker.RangePicker>['value'];

/** A day range as 'YYYY-MM-DD' texts (both or none), as the list calls take it. */
export function DateRangeFilter({
  label,
  onChange,
}: {
  label: string;
  onChange: (range: { from: string; to: string } | null) => void;
}) {
  const [value, setValue] = useState<RangeValue>(null);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={value}
      onChange={(next) => {
        setValue(next);
        const [from, to] = next ?? [];
        onChange(from && to ? { from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') } : null);
      }}
    />
  );
}
