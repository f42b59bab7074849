import { useState, type ReactNode } from 'react';
import { App, Button, Drawer, Form, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { KeptResource, RecordFields, ResourceRow } from '@checkup/api-contract';
import { SchemaForm, type GenericColumn, type SchemaField } from '@checkup/ui';
import { ImportButton } from './excel-buttons';
import { useResourceWrites } from './resource-api';
import { ResourceList, type ResourceDetail, type ResourceFilter } from './resource-list';

export type { ResourceFilter } from './resource-list';

export interface ResourceScreenProps<R extends KeptResource> {
  resource: R;
  /** The card's heading, e.g. 科室配置. */
  title: string;
  columns: GenericColumn<ResourceRow<R>>[];
  filters: readonly ResourceFilter[];
  /** The form's layout; its rules come from the resource's form schema. By the record edited, when a new one differs (an initial password). */
  fields: readonly SchemaField[] | ((editing: ResourceRow<R> | 'new') => readonly SchemaField[]);
  /** The form's values as sent, when some must be prepared first (a password encrypted). */
  toSave?(values: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** A row as the form's initial values (defaults to the row itself). */
  toForm?(row: ResourceRow<R>): Record<string, unknown>;
  /** What a new record starts with; given the list's filter, it may start in the chosen type. */
  blank?: Record<string, unknown> | ((filter: Record<string, string>) => Record<string, unknown>);
  /** Extra buttons of a row, before 编辑; `openNew` opens the form of a new record with these values (复制). */
  rowActions?(row: ResourceRow<R>, actions: { openNew(values: Record<string, unknown>): void }): ReactNode;
  /** The 操作 column's width when the row has more buttons than the usual three. */
  actionsWidth?: number;
  /** The form drawer's width, for a form with a large control of its own (a template editor). */
  drawerSize?: number;
  /** A row read whole in a drawer (查看). */
  detail?: ResourceDetail<ResourceRow<R>>;
  /** Filters the screen sets itself (one chosen conclusion word's links): every list call and export carries them. */
  scope?: Record<string, string>;
  /** Shown under the form's fields (a preview of what is typed); it reads the form with Form.useWatch. */
  formExtra?: ReactNode;
  /** The removal's word where it means something else to the user (表格配置: 重置); default 删除. */
  removeLabel?: string;
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
 * A plain list/form screen over a kept resource (issue 18): its ResourceList, 新增/编辑 in a drawer
 * checked by the contract's form schema, 启用/停用, 删除, and .xlsx import. A screen is its definition
 * of columns, filters and fields.
 */
export function ResourceScreen<R extends KeptResource>(props: ResourceScreenProps<R>) {
  const { resource, title, columns, toForm = (row) => row, blank = {}, rowActions, detail, scope, toSave } = props;
  const removeLabel = props.removeLabel ?? '删除';
  const { drawerSize = 560 } = props;
  const { spec } = resource;
  const has = (action: string) => (spec.actions as readonly string[]).includes(action);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ResourceRow<R> | 'new'>('new');
  // Apart from what is edited, so the drawer keeps its title while it closes.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [form] = Form.useForm();
  // The list's filter as the user chose it, for a new record's blank.
  const [filter, setFilter] = useState<Record<string, string>>({});
  const writes = useResourceWrites(resource);
  const filters = has('enable') ? [...props.filters, ENABLED_FILTER] : props.filters;

  const fail = (error: Error) => void message.error(error.message);
  const open = (row: ResourceRow<R> | 'new', values?: Record<string, unknown>) => {
    form.resetFields();
    form.setFieldsValue(
      row === 'new' ? (values ?? (typeof blank === 'function' ? blank(filter) : blank)) : toForm(row),
    );
    setEditing(row);
    setDrawerOpen(true);
  };
  const fields = typeof props.fields === 'function' ? props.fields(editing) : props.fields;
  const save = async (values: Record<string, unknown>) => {
    const current = editing === 'new' ? {} : { id: editing.id, version: editing.version };
    const prepared = toSave ? await toSave(values).catch((error: Error) => void fail(error)) : values;
    if (!prepared) return;
    writes.save.mutate(
      { ...prepared, ...current },
      {
        onSuccess: () => {
          void message.success(`${spec.title}已保存`);
          setDrawerOpen(false);
        },
        onError: fail,
      },
    );
  };

  const keptActions = (row: ResourceRow<R>) => (
    <>
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
          title={`确定${removeLabel}该${spec.title}？`}
          okText={removeLabel}
          cancelText="取消"
          onConfirm={() =>
            writes.remove.mutate(
              { id: row.id, version: (row as RecordFields).version },
              { onSuccess: () => void message.success(`${spec.title}已${removeLabel}`), onError: fail },
            )
          }
        >
          <Button type="link" size="small" danger>
            {removeLabel}
          </Button>
        </Popconfirm>
      )}
    </>
  );
  const enabledColumn: GenericColumn<ResourceRow<R>> = {
    title: '状态',
    dataIndex: 'enabled',
    width: 80,
    render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  };

  return (
    <>
      <ResourceList<R>
        resource={resource}
        title={title}
        filters={filters}
        columns={has('enable') ? [...columns, enabledColumn] : columns}
        detail={detail}
        scope={scope}
        onFilter={setFilter}
        rowActions={keptActions}
        actionsWidth={props.actionsWidth}
        extra={
          <Space>
            {has('import') && <ImportButton resource={resource} />}
            {has('save') && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => open('new')}>
                新增{spec.title}
              </Button>
            )}
          </Space>
        }
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
        <SchemaForm schema={spec.form} fields={fields} form={form} name={spec.title} onFinish={(v) => void save(v)}>
          {props.formExtra}
        </SchemaForm>
      </Drawer>
    </>
  );
}
