import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_AGGREGATES,
  CUSTOM_AGGREGATE_LABELS,
  CUSTOM_OPERATORS,
  CUSTOM_OPERATOR_LABELS,
  CUSTOM_REPORT_VIEWS,
  CUSTOM_VIEW_KEYS,
  customOutputColumns,
  customReportForm,
  customReportProblem,
  type CustomAggregate,
  type CustomParam,
  type CustomReportRow,
  type CustomView,
  type CustomViewKey,
} from '@checkup/api-contract';
import { useCustomReportRoles, useCustomReportWrites } from '../api/custom-reports';

interface EditorValues {
  name: string;
  description?: string;
  view: CustomViewKey;
  columns: string[];
  params: CustomParam[];
  aggregates: CustomAggregate[];
  sort: { column: string; desc: boolean }[];
  role_ids: number[];
}

const emptyValues = (view: CustomViewKey = CUSTOM_VIEW_KEYS[0]): EditorValues => ({
  name: '',
  view,
  columns: [],
  params: [],
  aggregates: [],
  sort: [],
  role_ids: [],
});

const viewOf = (key: CustomViewKey): CustomView => CUSTOM_REPORT_VIEWS[key];

/**
 * 新建/编辑自定义报表: a view, its columns (checkboxes), the parameters the runner fills in, an optional
 * count/sum grouped by the chosen columns, the order and the roles that may run it. The contract's rules
 * are checked here first, with the server's words.
 */
export function ReportEditor({ editing, onClose }: { editing: CustomReportRow | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<EditorValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const { save } = useCustomReportWrites();
  const roles = useCustomReportRoles(true);
  const initial: EditorValues =
    editing === 'new' ? emptyValues() : { ...editing, description: editing.description ?? '' };
  const view = (Form.useWatch('view', form) ?? initial.view) as CustomViewKey;
  const columns = viewOf(view).columns;
  const chosen = (Form.useWatch('columns', form) ?? initial.columns) as string[];
  const aggregates = (Form.useWatch('aggregates', form) ?? initial.aggregates) as CustomAggregate[];
  const columnOptions = columns.map((c) => ({ value: c.key, label: c.title }));
  const summable = columns.filter((c) => c.kind === 'number' || c.kind === 'money');

  const submit = async (values: EditorValues) => {
    const parsed = customReportForm.safeParse({ ...values, description: values.description ?? '' });
    const next = parsed.success ? customReportProblem(parsed.data) : (parsed.error.issues[0]?.message ?? null);
    setProblem(next);
    if (next || !parsed.success) return;
    try {
      await save.mutateAsync({
        ...(editing === 'new' ? {} : { id: editing.id, version: editing.version }),
        name: values.name,
        description: values.description ?? '',
        view: values.view,
        columns: JSON.stringify(values.columns),
        params: JSON.stringify(parsed.data.params),
        aggregates: JSON.stringify(parsed.data.aggregates),
        sort: JSON.stringify(parsed.data.sort),
        role_ids: JSON.stringify(values.role_ids),
      });
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const outputs = (() => {
    try {
      return customOutputColumns({ ...emptyValues(view), columns: chosen, aggregates, description: null }).filter(
        (c) => c !== undefined,
      );
    } catch {
      return [];
    }
  })();

  return (
    <Modal
      open
      width={820}
      title={editing === 'new' ? '新建自定义报表' : `编辑自定义报表：${editing.name}`}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<EditorValues>) => {
          if (changed.view) form.setFieldsValue({ ...emptyValues(changed.view), name: form.getFieldValue('name') });
        }}
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
        <Space align="start" wrap>
          <Form.Item name="name" label="报表名称" rules={[{ required: true, message: '请填写报表名称' }]}>
            <Input aria-label="报表名称" maxLength={64} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="view" label="数据视图">
            <Select
              aria-label="数据视图"
              style={{ width: 200 }}
              options={CUSTOM_VIEW_KEYS.map((k) => ({ value: k, label: viewOf(k).title }))}
            />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input aria-label="说明" maxLength={200} style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{viewOf(view).description}</Typography.Paragraph>
        <Form.Item name="columns" label="显示列（有汇总时按这些列分组）">
          <Checkbox.Group options={columnOptions} />
        </Form.Item>

        <Typography.Text strong>参数</Typography.Text>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item name={[field.name, 'column']} rules={[{ required: true, message: '请选择列' }]}>
                    <Select aria-label="参数列" placeholder="列" style={{ width: 140 }} options={columnOptions} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'operator']} initialValue="eq">
                    <Select
                      aria-label="条件"
                      style={{ width: 90 }}
                      options={CUSTOM_OPERATORS.map((o) => ({ value: o, label: CUSTOM_OPERATOR_LABELS[o] }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'label']} rules={[{ required: true, message: '请填写参数名称' }]}>
                    <Input aria-label="参数名称" placeholder="参数名称" style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" initialValue={false}>
                    <Checkbox>必填</Checkbox>
                  </Form.Item>
                  <Button
                    aria-label="删除参数"
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ operator: 'eq', required: false })}>
                  添加参数
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>

        <Typography.Text strong>汇总</Typography.Text>
        <Form.List name="aggregates">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'fn']} initialValue="count">
                    <Select
                      aria-label="汇总方式"
                      style={{ width: 90 }}
                      options={CUSTOM_AGGREGATES.map((a) => ({ value: a, label: CUSTOM_AGGREGATE_LABELS[a] }))}
                    />
                  </Form.Item>
                  {aggregates[field.name]?.fn === 'sum' && (
                    <Form.Item name={[field.name, 'column']} rules={[{ required: true, message: '请选择求和列' }]}>
                      <Select
                        aria-label="求和列"
                        style={{ width: 140 }}
                        options={summable.map((c) => ({ value: c.key, label: c.title }))}
                      />
                    </Form.Item>
                  )}
                  <Button
                    aria-label="删除汇总"
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ fn: 'count' })}>
                  添加汇总
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>

        <Typography.Text strong>排序</Typography.Text>
        <Form.List name="sort">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'column']} rules={[{ required: true, message: '请选择排序列' }]}>
                    <Select
                      aria-label="排序列"
                      style={{ width: 160 }}
                      options={outputs.map((c) => ({ value: c.key, label: c.title }))}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'desc']} valuePropName="checked" initialValue={false}>
                    <Checkbox>降序</Checkbox>
                  </Form.Item>
                  <Button
                    aria-label="删除排序"
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ desc: false })}>
                  添加排序
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>

        <Form.Item name="role_ids" label="可运行角色（不选则仅报表管理员可运行）">
          <Select
            aria-label="可运行角色"
            mode="multiple"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.role_name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
