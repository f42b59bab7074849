import { useState } from 'react';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CUSTOM_REPORT_MAX_ROWS,
  CUSTOM_REPORT_MESSAGES,
  customReportExportRoute,
  customViewColumn,
  type CustomParam,
  type CustomParamValues,
  type CustomReportRow,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { saveBlob } from '../../../../lib/resource/resource-api';
import { useCustomReportRun } from '../api/custom-reports';

type Cell = string | number | null;
type Draft = Record<string, string | [string, string]>;

const day = (value: Dayjs | null | undefined) => value?.format('YYYY-MM-DD') ?? '';

/** One parameter's input: a date (or a range of dates) for a date column, text otherwise. */
function ParamInput({
  report,
  param,
  value,
  onChange,
}: {
  report: CustomReportRow;
  param: CustomParam;
  value: string | [string, string] | undefined;
  onChange: (v: string | [string, string]) => void;
}) {
  const isDate = customViewColumn(report.view, param.column)?.kind === 'date';
  if (param.operator === 'between') {
    const [from = '', to = ''] = Array.isArray(value) ? value : [];
    if (isDate)
      return (
        <DatePicker.RangePicker
          aria-label={param.label}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(next) => onChange([day(next?.[0]), day(next?.[1])])}
        />
      );
    return (
      <Space.Compact>
        <Input aria-label={`${param.label}起`} value={from} onChange={(e) => onChange([e.target.value, to])} />
        <Input aria-label={`${param.label}止`} value={to} onChange={(e) => onChange([from, e.target.value])} />
      </Space.Compact>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (isDate)
    return <DatePicker aria-label={param.label} value={text ? dayjs(text) : null} onChange={(d) => onChange(day(d))} />;
  return <Input aria-label={param.label} allowClear value={text} onChange={(e) => onChange(e.target.value)} />;
}

/** 运行: the parameter form, the result table (paged) and 导出Excel of the same rows. */
export function RunDrawer({ report, onClose }: { report: CustomReportRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>({});
  const [applied, setApplied] = useState<CustomParamValues | null>(null);
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [exporting, setExporting] = useState(false);
  const run = useCustomReportRun(report.id, applied, page);

  const apply = () => {
    const missing = report.params.find((p, i) => {
      const v = draft[String(i)];
      return p.required && (v === undefined || (Array.isArray(v) ? v.some((x) => !x) : v.trim() === ''));
    });
    if (missing) return void message.error(CUSTOM_REPORT_MESSAGES.required(missing.label));
    setPage((p) => ({ ...p, page: 1 }));
    setApplied({ ...draft });
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const blob = await api.download(customReportExportRoute, {
        id: report.id,
        params: JSON.stringify(applied ?? draft),
      });
      saveBlob(blob, `${report.name}-${dayjs().format('YYYY-MM-DD')}.xlsx`);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Record<string, Cell>> = (run.data?.columns ?? []).map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    align: c.kind === 'money' || c.kind === 'number' ? 'right' : 'left',
    render: (v: Cell) => (v === null || v === '' ? '—' : String(v)),
  }));

  return (
    <Drawer open width={960} title={`运行：${report.name}`} onClose={onClose} destroyOnHidden>
      <Form layout="inline" onFinish={apply} style={{ rowGap: 8, marginBottom: 12 }}>
        {report.params.map((p, i) => (
          <Form.Item key={i} label={p.label} required={p.required}>
            <ParamInput
              report={report}
              param={p}
              value={draft[String(i)]}
              onChange={(v) => setDraft((d) => ({ ...d, [String(i)]: v }))}
            />
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
              查询
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportXlsx()}>
              导出Excel
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {run.error && <Alert type="error" showIcon title={run.error.message} style={{ marginBottom: 12 }} />}
      {run.data?.capped && (
        <Alert type="warning" showIcon title={`仅显示前${CUSTOM_REPORT_MAX_ROWS}行`} style={{ marginBottom: 12 }} />
      )}
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        loading={run.isFetching}
        columns={columns}
        dataSource={run.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: run.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 行`,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
      />
    </Drawer>
  );
}
