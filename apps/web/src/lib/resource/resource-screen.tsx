import { useState, type ReactNode } from 'react';
import { App, Button, Card, Drawer, Form, Popconfirm, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AnyResource, ResourceRow } from '@checkup/api-contract';
import { GenericTable, SchemaForm, SearchBox, usePaging, type GenericColumn, type SchemaField } from '@checkup/ui';
import { ExportButton, ImportButton } from './excel-buttons';
import { useResourceList, useResourceWrites } from './resource-api';

/** A filter of the list: words, or a choice among options. */
export type ResourceFilter =
  | { name: string; kind: 'search'; label: string; placeholder: string }
  | { name: string; kind: 'select'; label: string; options: readonly { value: string; label: string }[] };

export interface ResourceScreenProps<R extends AnyResource> {
  resource: R;
  /** The card's heading, e.g. 科室配置. */
  title: string;
  columns: GenericColumn<ResourceRow<R>>[];
  filters: readonly ResourceFilter[];
  /** The form's layout; its rules come from the resource's form schema. */
  fields: readonly SchemaField[];
  /** A row as the form's initial values (defaults to the row itself). */
  toForm?(row: ResourceRow<R>): Record<string, unknown>;
  /** What a new record starts with. */
  blank?: Record<string, unknown>;
  /** Extra buttons of a row, before 编辑; `openNew` opens the form of a new record with these values (复制). */
  rowActions?(row: ResourceRow<R>, actions: { openNew(values: Record<string, unknown>): void }): ReactNode;
  /** The form drawer's width, for a form with a large control of its own (a template editor). */
  drawerSize?: number;
}

const ENABLED_FILTER: ResourceFilter = {
  name: 'enabled',
  kind: 'select',
  label: '状态',
  options: [
    { value: '1', label: '启用' },
    { value: '0', label: '停用' },
  ],
};

/**
 * A plain list/form screen over a resource (issue 18): filters, the paged list, 新增/编辑 in a drawer
 * checked by the contract's form schema, 启用/停用, 删除, and .xlsx export and import. A screen is its
 * definition of columns, filters and fields.
 */
export function ResourceScreen<R extends AnyResource>(props: ResourceScreenProps<R>) {
  const { resource, title, columns, fields, toForm = (row) => row, blank = {}, rowActions, drawerSize = 560 } = props;
  const { spec } = resource;
  const has = (action: string) => (spec.actions as readonly string[]).includes(action);
  const { message } = App.useApp();
  const paging = usePaging();
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<ResourceRow<R> | 'new'>('new');
  // Apart from what is edited, so the drawer keeps its title while it closes.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [form] = Form.useForm();
  const list = useResourceList(resource, { ...filter, ...paging.page });
  const writes = useResourceWrites(resource);
  const filters = has('enable') ? [...props.filters, ENABLED_FILTER] : props.filters;

  const setOne = (name: string, value: string | undefined) => {
    setFilter((f) => ({ ...f, [name]: value ?? '' }));
    paging.firstPage();
  };
  const fail = (error: Error) => void message.error(error.message);
  const open = (row: ResourceRow<R> | 'new', values: Record<string, unknown> = blank) => {
    form.resetFields();
    form.setFieldsValue(row === 'new' ? values : toForm(row));
    setEditing(row);
    setDrawerOpen(true);
  };
  const save = (values: Record<string, unknown>) => {
    const current = editing === 'new' ? {} : { id: editing.id, version: editing.version };
    writes.save.mutate(
      { ...values, ...current },
      {
        onSuccess: () => {
          void message.success(`${spec.title}已保存`);
          setDrawerOpen(false);
        },
        onError: fail,
      },
    );
  };

  const actionColumn: GenericColumn<ResourceRow<R>> = {
    title: '操作',
    key: 'actions',
    fixed: 'right',
    width: 200,
    render: (_value, row) => (
      <Space size={4}>
        {rowActions?.(row, { openNew: (values) => open('new', values) })}
        {has('save') && (
          <Button type="link" size="small" onClick={() => open(row)}>
            编辑
          </Button>
        )}
        {has('enable') && (
          <Popconfirm
            title={`确定${row.enabled ? '停用' : '启用'}该${spec.title}？`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => writes.enable.mutate({ id: row.id, enabled: !row.enabled }, { onError: fail })}
          >
            <Button type="link" size="small">
              {row.enabled ? '停用' : '启用'}
            </Button>
          </Popconfirm>
        )}
        {has('remove') && (
          <Popconfirm
            title={`确定删除该${spec.title}？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() =>
              writes.remove.mutate(
                { id: row.id, version: row.version },
                { onSuccess: () => void message.success(`${spec.title}已删除`), onError: fail },
              )
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  };
  const enabledColumn: GenericColumn<ResourceRow<R>> = {
    title: '状态',
    dataIndex: 'enabled',
    width: 80,
    render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  };

  return (
    <Card
      title={title}
      extra={
        <Space>
          {has('import') && <ImportButton resource={resource} />}
          {has('export') && <ExportButton resource={resource} filter={filter} />}
          {has('save') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              新增{spec.title}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {filters.map((f) =>
          f.kind === 'search' ? (
            <SearchBox key={f.name} label={f.label} placeholder={f.placeholder} onSearch={(v) => setOne(f.name, v)} />
          ) : (
            <Select
              key={f.name}
              aria-label={f.label}
              placeholder={`全部${f.label}`}
              allowClear
              style={{ width: 160 }}
              options={f.options.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(v: string | undefined) => setOne(f.name, v)}
            />
          ),
        )}
      </Space>
      <GenericTable<ResourceRow<R>>
        tableKey={`resource-${spec.name}`}
        rowKey="id"
        loading={list.isFetching}
        dataSource={(list.data?.list ?? []) as ResourceRow<R>[]}
        columns={[...columns, ...(has('enable') ? [enabledColumn] : []), actionColumn]}
        pagination={paging.pagination(list.data?.total ?? 0)}
      />
      <Drawer
        title={editing === 'new' ? `新增${spec.title}` : `编辑${spec.title}`}
        open={drawerOpen}
        size={drawerSize}
        onClose={() => setDrawerOpen(false)}
        extra={
          <Space>
            <Button onClick={() => setDrawerOpen(false)}>取消</Button>
            <Button type="primary" loading={writes.save.isPending} onClick={() => form.submit()}>
              保存
            </Button>
          </Space>
        }
      >
        <SchemaForm schema={spec.form} fields={fields} form={form} name={spec.title} onFinish={save} />
      </Drawer>
    </Card>
  );
}
