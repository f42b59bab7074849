import { useState } from 'react';
import { Button, DatePicker, Input, Segmented, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { REPORT_STAGE_LABELS, type ReportStage } from '@checkup/api-contract';
import { useCompanySearchData } from '../companies/api/get-company-search-data';
import type { ReportFilter } from './api/get-report-list';

export type StageChoice = ReportStage | '';

export interface ReportFilterValue {
  stage: StageChoice;
  range: [Dayjs, Dayjs] | null;
  key: string;
  companyId?: number;
}

export const toQuery = (v: ReportFilterValue, page: { page: number; size: number }): ReportFilter => ({
  stage: v.stage,
  date_from: v.range?.[0].format('YYYY-MM-DD'),
  date_to: v.range?.[1].format('YYYY-MM-DD'),
  key: v.key || undefined,
  company_id: v.companyId,
  ...page,
});

/** The filters every report screen shares: stage, exam dates, name or order id, company. */
export function ReportFilters({
  stages,
  value,
  onChange,
  onRefresh,
}: {
  stages: StageChoice[];
  value: ReportFilterValue;
  onChange: (next: ReportFilterValue) => void;
  onRefresh: () => void;
}) {
  const [typed, setTyped] = useState(value.key);
  const companies = useCompanySearchData(true);
  return (
    <Space wrap style={{ marginBottom: 8 }}>
      <Segmented<StageChoice>
        aria-label="报告状态"
        value={value.stage}
        onChange={(stage) => onChange({ ...value, stage })}
        options={stages.map((s) => ({ value: s, label: s ? REPORT_STAGE_LABELS[s] : '全部' }))}
      />
      <DatePicker.RangePicker
        aria-label="体检日期"
        value={value.range}
        onChange={(v) => onChange({ ...value, range: v && v[0] && v[1] ? [v[0], v[1]] : null })}
      />
      <Select
        aria-label="单位"
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="全部单位"
        style={{ width: 180 }}
        value={value.companyId}
        options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.company_name }))}
        onChange={(companyId?: number) => onChange({ ...value, companyId })}
      />
      <Input.Search
        aria-label="姓名或体检号"
        placeholder="姓名或体检号，回车"
        allowClear
        style={{ width: 220 }}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onSearch={(v) => onChange({ ...value, key: v.trim() })}
      />
      <Button onClick={onRefresh}>刷新</Button>
    </Space>
  );
}
