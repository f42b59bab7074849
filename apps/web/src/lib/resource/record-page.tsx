import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Spin } from 'antd';
import type { AnyResource, ResourceRow } from '@checkup/api-contract';
import { SchemaForm, type SchemaField } from '@checkup/ui';
import { useResourceWrites } from './resource-api';
import { useRecord, useRecordId } from './use-record';

export interface RecordPageProps<R extends AnyResource> {
  resource: R;
  /** The card's heading, given the record (诊断字典详情：脂肪肝). */
  title(row: ResourceRow<R> | undefined): string;
  fields: readonly SchemaField[];
  /** A row as the form's values (defaults to the row itself); a function of the module, not of a render. */
  toForm?(row: ResourceRow<R>): Record<string, unknown>;
  /** The form's values as sent (a list of objects as JSON text); a function of the module. */
  fromForm?(values: Record<string, unknown>): Record<string, unknown>;
  /** What the page shows below the form (the record's related lists). */
  children?(row: ResourceRow<R>): ReactNode;
  /** Buttons beside 保存 (back to the list). */
  extra?: ReactNode;
  /** Other resources over the same rows, whose lists a save makes stale (诊断字典 under its detail). */
  alsoRefresh?: readonly AnyResource[];
  /** Without ?id= the page is a blank form creating a record (单位信息), saved then shown under its id. */
  allowNew?: boolean;
}

const asIs = (row: object) => row as Record<string, unknown>;

/**
 * A detail route (…_detail?id=…): one record of a resource in full, edited in place and
 * saved at the version read (a stale save is refused with who changed it), checked by the contract's
 * form schema like the list screens' drawers.
 */
export function RecordPage<R extends AnyResource>(props: RecordPageProps<R>) {
  const { resource, fields, toForm = asIs, fromForm = asIs, extra, alsoRefresh = [], allowNew = false } = props;
  const [, setParams] = useSearchParams();
  const client = useQueryClient();
  const { message } = App.useApp();
  const id = useRecordId();
  const record = useRecord(resource, id);
  const writes = useResourceWrites(resource);
  const [form] = Form.useForm();
  const row = record.data;

  useEffect(() => {
    if (row) form.setFieldsValue(toForm(row));
  }, [row, form, toForm]);

  const creating = id === null && allowNew;
  if (id === null && !allowNew) return <Alert type="warning" showIcon title="请从列表中选择要查看的记录" />;
  if (record.error) return <Alert type="error" showIcon title={record.error.message} />;
  const save = (values: Record<string, unknown>) =>
    writes.save.mutate(creating ? fromForm(values) : { ...fromForm(values), id, version: row?.version }, {
      onSuccess: (saved) => {
        void message.success(`${resource.spec.title}已保存`);
        if (creating) setParams({ id: String((saved as { id: number }).id) }, { replace: true });
        for (const other of alsoRefresh) void client.invalidateQueries({ queryKey: ['resource', other.spec.name] });
      },
      onError: (error) => void message.error(error.message),
    });
  return (
    <Card
      title={props.title(row)}
      extra={
        <Space>
          {extra}
          <Button
            type="primary"
            disabled={!row && !creating}
            loading={writes.save.isPending}
            onClick={() => form.submit()}
          >
            保存
          </Button>
        </Space>
      }
    >
      {row || creating ? (
        <>
          <SchemaForm
            schema={resource.spec.form}
            fields={fields}
            form={form}
            name={resource.spec.title}
            onFinish={save}
          />
          {row && props.children?.(row)}
        </>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
