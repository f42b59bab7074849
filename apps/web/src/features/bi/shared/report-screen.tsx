import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BI_DATE_KIND_LABELS,
  biOptionsRoute,
  biRefreshRoute,
  rowKeyOf,
  type BiColumn,
  type BiFilter,
  type BiReport,
  type BiRow,
  type RouteInput,
} from '@checkup/api-contract';
import { ChartCard, useKeyboardScroll } from '@checkup/ui';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/resource/resource-api';

type Filter = Record<string, string | number | undefined>;

const today = () => dayjs().format('YYYY-MM-DD');

/** The filter a report opens with: this month up to today, every 分中心. */
export function initialFilter(report: BiReport): Filter {
  if (report.spec.dateKinds.length === 0) return {};
  return {
    date_kind: report.spec.dateKinds[0],
    date_from: dayjs().startOf('month').format('YYYY-MM-DD'),
    date_to: today(),
  };
}

const numberText = (value: number) => value.toLocaleString('zh-CN');

function cellText(column: BiColumn, value: BiRow[string] | undefined): ReactNode {
  if (value === null || value === undefined || value === '') return column.kind === 'money' ? '0.00' : '—';
  if (column.kind === 'percent') return `${Number(value).toFixed(2)}%`;
  if (column.kind === 'count') return numberText(Number(value));
  return String(value);
}

export function tableColumns(columns: readonly BiColumn[]): ColumnsType<BiRow> {
  return columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: column.title,
    width: column.width,
    align: column.kind === 'text' || column.kind === 'date' ? 'left' : 'right',
    render: (value: BiRow[string]) => cellText(column, value),
  }));
}

function useOptions(source: string | undefined) {
  return useQuery({
    queryKey: ['bi', 'options', source],
    queryFn: () => api.call(biOptionsRoute, { source: source as RouteInput<typeof biOptionsRoute>['source'] }),
    enabled: source !== undefined,
    staleTime: 5 * 60_000,
  });
}

function OwnFilter({
  filter,
  value,
  onChange,
}: {
  filter: BiFilter;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const options = useOptions(filter.kind === 'source' ? filter.source : undefined);
  if (filter.kind === 'text') {
    return (
      <Input
        aria-label={filter.label}
        placeholder={filter.label}
        allowClear
        style={{ width: 160 }}
        value={value}
        onChange={(e) => onChange(e.target.value.trim() || undefined)}
      />
    );
  }
  return (
    <Select
      aria-label={filter.label}
      placeholder={filter.label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 180 }}
      loading={options.isLoading}
      options={filter.kind === 'select' ? [...(filter.options ?? [])] : (options.data ?? [])}
      value={value}
      onChange={(v: string | undefined) => onChange(v)}
    />
  );
}

/** Date kind, range, 分中心 and the report's own filters; 查询 applies them. */
function FilterBar({ report, onApply }: { report: BiReport; onApply: (filter: Filter) => void }) {
  const { spec } = report;
  const [draft, setDraft] = useState<Filter>(() => initialFilter(report));
  const branches = useOptions('branch');
  const set = (key: string, value: string | number | undefined) => setDraft((d) => ({ ...d, [key]: value }));
  const range: [Dayjs, Dayjs] | null =
    draft.date_from && draft.date_to ? [dayjs(String(draft.date_from)), dayjs(String(draft.date_to))] : null;
  return (
    <Form layout="inline" onFinish={() => onApply(draft)} style={{ rowGap: 8 }}>
      {spec.dateKinds.length > 1 && (
        <Form.Item label="日期类型">
          <Select
            aria-label="日期类型"
            style={{ width: 120 }}
            value={draft.date_kind}
            options={spec.dateKinds.map((k) => ({ value: k, label: BI_DATE_KIND_LABELS[k] }))}
            onChange={(v) => set('date_kind', v)}
          />
        </Form.Item>
      )}
      {spec.dateKinds.length > 0 && (
        <Form.Item label={spec.dateKinds.length === 1 ? BI_DATE_KIND_LABELS[spec.dateKinds[0]!] : '日期'}>
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowClear={false}
            value={range}
            onChange={(next) => {
              const [from, to] = next ?? [];
              set('date_from', from?.format('YYYY-MM-DD'));
              set('date_to', to?.format('YYYY-MM-DD'));
            }}
          />
        </Form.Item>
      )}
      <Form.Item label="分中心">
        <Select
          aria-label="分中心"
          placeholder="全部"
          allowClear
          style={{ width: 140 }}
          options={branches.data ?? []}
          value={draft.branch_id === undefined ? undefined : String(draft.branch_id)}
          onChange={(v: string | undefined) => set('branch_id', v === undefined ? undefined : Number(v))}
        />
      </Form.Item>
      {spec.filters.map((f) => (
        <Form.Item key={f.key} label={f.label}>
          <OwnFilter
            filter={f}
            value={draft[f.key] === undefined ? undefined : String(draft[f.key])}
            onChange={(v) => set(f.key, v)}
          />
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}

const stamp = () => dayjs().format('YYYY-MM-DD');

function useDownload() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (report: BiReport, filter: Filter, name: string) => {
    setBusy(true);
    try {
      const blob = await api.download(report.routes.export, filter as never);
      saveBlob(blob, `${name}-${stamp()}.xlsx`);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The rows behind one row of the report (or all of it), paged, with their own export. */
function DrillDrawer({
  report,
  filter,
  row,
  onClose,
}: {
  report: BiReport;
  filter: Filter;
  row: BiRow | null;
  onClose: () => void;
}) {
  const { spec } = report;
  const [page, setPage] = useState({ page: 1, size: 20 });
  const rowKey = row ? rowKeyOf(spec, row) : undefined;
  const input = { ...filter, ...(rowKey !== undefined ? { row_key: rowKey } : {}) };
  const rows = useQuery({
    queryKey: ['bi', spec.key, 'drill', input, page],
    queryFn: () => api.call(report.routes.drill, { ...input, ...page } as never),
    enabled: row !== null,
    placeholderData: keepPreviousData,
  });
  const download = useDownload();
  const scrollRef = useKeyboardScroll();
  const label = row ? spec.columns.map((c) => row[c.key]).find((v) => typeof v === 'string' && v !== '') : '';
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size="large"
      title={`${spec.title}明细${label ? `：${label}` : ''}`}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={download.busy}
          onClick={() => void download.run(report, input, `${spec.title}明细`)}
        >
          导出明细
        </Button>
      }
    >
      <Table<BiRow>
        ref={scrollRef}
        size="small"
        rowKey="__key"
        loading={rows.isFetching}
        columns={tableColumns(spec.drillColumns ?? [])}
        dataSource={(rows.data?.list ?? []).map((r, i) => ({ ...r, __key: String(r.id ?? `${page.page}-${i}`) }))}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: rows.data?.total ?? 0,
          showTotal: (all) => `共 ${all} 条`,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
      />
    </Drawer>
  );
}

/** The chart of the page's rows; rows of one category (a method across cashiers) are added together. */
function chartProps(report: BiReport, rows: readonly BiRow[]) {
  const { chart, columns } = report.spec;
  if (!chart || rows.length === 0) return null;
  const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
  const categories = [...new Set(rows.map((r) => String(r[chart.category] ?? '')))];
  const sumOf = (key: string, category: string) =>
    rows.filter((r) => String(r[chart.category] ?? '') === category).reduce((sum, r) => sum + Number(r[key] ?? 0), 0);
  return {
    title: report.spec.title,
    kind: chart.kind,
    categories,
    series: chart.series.map((key) => ({
      name: titleOf(key),
      // Money is drawn in yuan; the chart only shows it, no figure is taken from this sum.
      data: categories.map((category) => Math.round(sumOf(key, category) * 100) / 100),
    })),
  };
}

export interface ReportScreenProps {
  report: BiReport;
  /** What a screen adds above the table (a second chart, a note). */
  extra?: (rows: readonly BiRow[]) => ReactNode;
}

/**
 * One report (issue 24): filters, a chart of the page, the table with its 合计 row over every row the
 * filter selects, a drill-down from a row to its records, 导出Excel, and for reports on the aggregate
 * tables the time they are as of with 刷新统计.
 */
export function ReportScreen({ report, extra }: ReportScreenProps) {
  const { spec } = report;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>(() => initialFilter(report));
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [drillRow, setDrillRow] = useState<BiRow | null>(null);
  const result = useQuery({
    queryKey: ['bi', spec.key, 'query', filter, page],
    queryFn: () => api.call(report.routes.query, { ...filter, ...page } as never),
    placeholderData: keepPreviousData,
  });
  const refresh = useMutation({
    mutationFn: () => api.call(biRefreshRoute, {}),
    onSuccess: async (state) => {
      void message.success(`统计数据已刷新，共 ${numberText(state.visits)} 人次`);
      await queryClient.invalidateQueries({ queryKey: ['bi'] });
    },
    onError: (error) => void message.error((error as Error).message),
  });
  const download = useDownload();
  const scrollRef = useKeyboardScroll();
  const list = result.data?.list;
  const rows = useMemo(() => list ?? [], [list]);
  const chart = useMemo(() => chartProps(report, rows), [report, rows]);
  const columns = tableColumns(spec.columns);
  const canDrill = (spec.drillColumns ?? []).length > 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <FilterBar
            report={report}
            onApply={(next) => {
              setFilter(next);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Space wrap>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={download.busy}
              onClick={() => void download.run(report, filter, spec.title)}
            >
              导出Excel
            </Button>
            {spec.source === 'stats' && (
              <>
                <Button
                  icon={<ReloadOutlined aria-hidden />}
                  loading={refresh.isPending}
                  onClick={() => refresh.mutate()}
                >
                  刷新统计
                </Button>
                <Typography.Text type="secondary">
                  数据截至{' '}
                  {result.data?.as_of ? dayjs(result.data.as_of).format('YYYY-MM-DD HH:mm:ss') : '（尚未统计）'}
                </Typography.Text>
              </>
            )}
            {spec.note && <Typography.Text type="secondary">{spec.note}</Typography.Text>}
          </Space>
        </Space>
      </Card>
      {result.error && <Typography.Text type="danger">{(result.error as Error).message}</Typography.Text>}
      {extra?.(rows)}
      {chart && <ChartCard {...chart} />}
      <Table<BiRow>
        ref={scrollRef}
        size="small"
        bordered
        rowKey="__key"
        loading={result.isFetching}
        columns={columns}
        dataSource={rows.map((r, i) => ({ ...r, __key: spec.rowKey ? rowKeyOf(spec, r) : `${page.page}-${i}` }))}
        scroll={{ x: 'max-content' }}
        onRow={(row) =>
          canDrill ? { onClick: () => setDrillRow(row), style: { cursor: 'pointer' }, title: '点击查看明细' } : {}
        }
        pagination={{
          current: page.page,
          pageSize: page.size,
          total: result.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (all) => `共 ${all} 条`,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
        summary={() =>
          result.data && rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                {spec.columns.map((column, i) => (
                  <Table.Summary.Cell
                    key={column.key}
                    index={i}
                    align={column.kind === 'text' || column.kind === 'date' ? 'left' : 'right'}
                  >
                    <strong>
                      {i === 0
                        ? '合计'
                        : column.key in result.data.summary
                          ? cellText(column, result.data.summary[column.key])
                          : ''}
                    </strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
      {canDrill && <DrillDrawer report={report} filter={filter} row={drillRow} onClose={() => setDrillRow(null)} />}
    </Space>
  );
}

/** A screen that is one report. */
export const reportScreen = (report: BiReport) =>
  function BiReportScreen() {
    return <ReportScreen report={report} />;
  };
