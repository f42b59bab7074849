import { Button, Checkbox, DatePicker, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { SearchBox, usePaging } from '@checkup/ui';
import { useState } from 'react';

export type DoneChoice = '0' | '1' | '';

export interface LogisticsFilterValue {
  done: DoneChoice;
  range: [Dayjs, Dayjs] | null;
  key: string;
  urgent: boolean;
  /** 欠费: only visits with an unpaid 自费 balance (issue 23). */
  owed?: boolean;
}

/** The query both lists take: their done filter under its own name, dates, key, 加急, page. */
export const toQuery = (v: LogisticsFilterValue, page: { page: number; size: number }) => ({
  date_from: v.range?.[0].format('YYYY-MM-DD'),
  date_to: v.range?.[1].format('YYYY-MM-DD'),
  key: v.key || undefined,
  urgent: v.urgent ? ('1' as const) : undefined,
  owed: v.owed ? ('1' as const) : undefined,
  ...page,
});

/** A list's filter and page; a new filter starts at page 1. */
export function useLogisticsFilter(done: DoneChoice) {
  const [filter, setFilter] = useState<LogisticsFilterValue>({ done, range: null, key: '', urgent: false });
  const paging = usePaging(20);
  const changeFilter = (next: LogisticsFilterValue) => {
    setFilter(next);
    paging.firstPage();
  };
  return { filter, changeFilter, ...paging };
}

/** 报告入库/出库's filters: where the reports stand, the dates, name or 体检号, only 加急. */
export function LogisticsFilters({
  doneLabels,
  dateLabel,
  value,
  onChange,
  onRefresh,
}: {
  doneLabels: [string, string];
  dateLabel: string;
  value: LogisticsFilterValue;
  onChange: (next: LogisticsFilterValue) => void;
  onRefresh: () => void;
}) {
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Segmented<DoneChoice>
        aria-label="状态"
        value={value.done}
        onChange={(done) => onChange({ ...value, done })}
        options={[
          { value: '0', label: doneLabels[0] },
          { value: '1', label: doneLabels[1] },
          { value: '', label: '全部' },
        ]}
      />
      <DatePicker.RangePicker
        aria-label={dateLabel}
        value={value.range}
        onChange={(v) => onChange({ ...value, range: v && v[0] && v[1] ? [v[0], v[1]] : null })}
      />
      <SearchBox
        label="姓名或体检号"
        placeholder="姓名 / 体检号 / 身份证号"
        onSearch={(key) => onChange({ ...value, key })}
      />
      <Checkbox checked={value.urgent} onChange={(e) => onChange({ ...value, urgent: e.target.checked })}>
        只看加急
      </Checkbox>
      <Checkbox checked={value.owed ?? false} onChange={(e) => onChange({ ...value, owed: e.target.checked })}>
        只看欠费
      </Checkbox>
      <Button onClick={onRefresh}>刷新</Button>
    </Space>
  );
}
