import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Card, Drawer, Select, Space, Typography } from 'antd';
import type { AnyResource, ResourceRow } from '@checkup/api-contract';
import {
  DetailView,
  GenericTable,
  SearchBox,
  usePaging,
  type DetailBlock,
  type DetailItem,
  type GenericColumn,
  type GenericTableProps,
} from '@checkup/ui';
import { ExportButton } from './excel-buttons';
import { useResourceList } from './resource-api';

// Only the lists that filter by days (the logs) download antd's date picker, about 30 kB gzip: every
// other list stays within the 150 kB a 体检配置 screen may add to the shell (bench:web, issue 18).
const DateRangeFilter = lazy(() =>
  import('@checkup/ui/date-range-filter').then((m) => ({ default: m.DateRangeFilter })),
);

/** A filter of the list: words, a choice among options, or the days (date_from and date_to). */
export type ResourceFilter =
  | { name: string; kind: 'search'; label: string; placeholder: string; width?: number }
  | { name: string; kind: 'select'; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'days'; label: string };

/** What the 查看 drawer shows of a row. */
export interface ResourceDetail<Row> {
  title: string;
  items(row: Row): readonly DetailItem[];
  blocks?(row: Row): readonly DetailBlock[];
}

export interface ResourceListProps<R extends AnyResource> {
  resource: R;
  /** The card's heading, e.g. 前端日志. */
  title: string;
  columns: GenericColumn<ResourceRow<R>>[];
  filters: readonly ResourceFilter[];
  /** Buttons beside 导出 (新增, 导入). */
  extra?: ReactNode;
  /** The row's buttons after 查看, as the last column. */
  rowActions?(row: ResourceRow<R>): ReactNode;
  /** The 操作 column's width when a screen's row has more buttons than the usual three. */
  actionsWidth?: number;
  /** Rows read whole in a drawer, by 查看 or a double click. */
  detail?: ResourceDetail<ResourceRow<R>>;
  /** Filters the screen sets itself (one chosen conclusion word's links): every list call and export carries them. */
  scope?: Record<string, string>;
  /** Told the filter the user chose, each time it changes (a new record may start in the chosen type). */
  onFilter?(filter: Record<string, string>): void;
  /** Rows chosen for the screen's batch actions (团检登记名单's 批量登记). */
  rowSelection?: GenericTableProps<ResourceRow<R>>['rowSelection'];
}

/**
 * A resource's list (issue 18): its filters, the paged table, 刷新, 导出 of what the filter finds, and
 * a row read whole in a drawer. Read-only resources (the logs) are this; kept ones add their form.
 */
export function ResourceList<R extends AnyResource>(props: ResourceListProps<R>) {
  const { resource, title, columns, extra, rowActions, detail, scope } = props;
  const { spec } = resource;
  const paging = usePaging();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [reading, setReading] = useState<ResourceRow<R> | null>(null);
  const list = useResourceList(resource, { ...filter, ...scope, ...paging.page });

  const setSome = (values: Record<string, string | undefined>) => {
    const next = { ...filter, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])) };
    setFilter(next);
    props.onFilter?.(next);
    paging.firstPage();
  };
  const actions = detail || rowActions;
  const actionColumn: GenericColumn<ResourceRow<R>> = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: props.actionsWidth ?? (rowActions ? 200 : 64),
    render: (_value, row) => (
      <Space size={4}>
        {detail && (
          <Button type="link" size="small" onClick={() => setReading(row)}>
            查看
          </Button>
        )}
        {rowActions?.(row)}
      </Space>
    ),
  };

  return (
    <Card size="small" title={title} extra={extra}>
      <Space wrap style={{ marginBottom: 8 }}>
        {props.filters.map((f) => {
          if (f.kind === 'days')
            return (
              <Suspense key="days">
                <DateRangeFilter
                  label={f.label}
                  onChange={(range) => setSome({ date_from: range?.from, date_to: range?.to })}
                />
              </Suspense>
            );
          if (f.kind === 'search')
            return (
              <SearchBox
                key={f.name}
                label={f.label}
                placeholder={f.placeholder}
                width={f.width}
                onSearch={(v) => setSome({ [f.name]: v })}
              />
            );
          return (
            <Select
              key={f.name}
              aria-label={f.label}
              placeholder={`全部${f.label}`}
              allowClear
              style={{ width: 160 }}
              options={f.options.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(v: string | undefined) => setSome({ [f.name]: v })}
            />
          );
        })}
        <Button onClick={() => void list.refetch()}>刷新</Button>
        {(spec.actions as readonly string[]).includes('export') && (
          <ExportButton resource={resource} filter={{ ...filter, ...scope }} />
        )}
      </Space>
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {list.error.message}
        </Typography.Paragraph>
      )}
      <GenericTable<ResourceRow<R>>
        tableKey={`resource-${spec.name}`}
        rowKey="id"
        size="small"
        virtual={false}
        loading={list.isFetching}
        dataSource={(list.data?.list ?? []) as ResourceRow<R>[]}
        columns={actions ? [...columns, actionColumn] : columns}
        onRow={detail ? (row) => ({ onDoubleClick: () => setReading(row) }) : undefined}
        rowSelection={props.rowSelection}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      {detail && (
        <Drawer
          title={detail.title}
          size={720}
          open={reading !== null}
          onClose={() => setReading(null)}
          destroyOnHidden
        >
          {reading && <DetailView items={detail.items(reading)} blocks={detail.blocks?.(reading)} />}
        </Drawer>
      )}
    </Card>
  );
}
