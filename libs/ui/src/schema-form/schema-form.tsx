import { Form, Input, InputNumber, Select, Switch, type FormInstance, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';

/** How one field of a form schema is typed in. */
export interface SchemaField {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'number' | 'select' | 'switch';
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  extra?: ReactNode;
  /** A field the screen shows but the user may not change (a code once saved). */
  readOnly?: boolean;
  /** A control of the screen's own (a remote search of another resource) instead of the kind's. */
  input?: ReactNode;
}

/** Whether the schema takes the field left blank. */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success || schema.safeParse('').success;
}

/**
 * The antd rules of one field, derived from the form schema (issue 18): the web refuses what the
 * server refuses, with the same words, because both run the same zod schema.
 */
export function rulesOf(schema: z.ZodType, label: string): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const input = value === null || value === undefined ? undefined : value;
        const parsed = schema.safeParse(input === undefined && isOptional(schema) ? undefined : (input ?? ''));
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? `${label}格式不正确`);
      },
    },
  ];
}

function control(field: SchemaField) {
  const { kind = 'text', options = [], placeholder, readOnly } = field;
  if (field.input) return field.input;
  if (kind === 'textarea')
    return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} placeholder={placeholder} readOnly={readOnly} />;
  if (kind === 'number') return <InputNumber style={{ width: 200 }} placeholder={placeholder} readOnly={readOnly} />;
  if (kind === 'switch') return <Switch checkedChildren="是" unCheckedChildren="否" disabled={readOnly} />;
  if (kind === 'select')
    return (
      <Select
        style={{ width: 240 }}
        placeholder={placeholder ?? `请选择${field.label}`}
        disabled={readOnly}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        allowClear
      />
    );
  return <Input style={{ maxWidth: 360 }} placeholder={placeholder} readOnly={readOnly} />;
}

export interface SchemaFormProps<T extends object> {
  /** The form schema of the contract: its rules and messages are the form's. */
  schema: z.ZodObject;
  fields: readonly SchemaField[];
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  /** Names the form for assistive technology and tests, e.g. 科室. */
  name: string;
  onFinish: (values: T) => void;
  children?: ReactNode;
}

/** A form laid out from field definitions, checked by the contract's schema field by field. */
export function SchemaForm<T extends object>({
  schema,
  fields,
  form,
  initialValues,
  name,
  onFinish,
  children,
}: SchemaFormProps<T>) {
  const shape = schema.shape as Record<string, z.ZodType>;
  return (
    <Form<T>
      form={form}
      aria-label={name}
      name={name}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      initialValues={initialValues}
      onFinish={onFinish}
      autoComplete="off"
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          extra={field.extra}
          required={shape[field.name] ? !isOptional(shape[field.name]!) : false}
          valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
          rules={shape[field.name] && field.kind !== 'switch' ? rulesOf(shape[field.name]!, field.label) : []}
        >
          {control(field)}
        </Form.Item>
      ))}
      {children}
    </Form>
  );
}
