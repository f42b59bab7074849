import { useState } from 'react';
import { Alert, Button, Form, Select, Space, Table } from 'antd';
import { MAPPING_FIELD_NAMES, type reconUploadRoute, type RouteOutput } from '@checkup/api-contract';

export type UploadedSheet = RouteOutput<typeof reconUploadRoute>;
export interface ColumnMapping {
  trade: string;
  amount: string;
  time: string;
  refund?: string;
}

const REQUIRED = ['trade', 'amount', 'time'] as const;

/**
 * 对应列: the file's header row as choices for 流水号/金额/时间 (and a 退款金额 column taken off the
 * amount), prefilled with the channel template's columns the server found; the first rows below.
 */
export function MappingStep(props: {
  sheet: UploadedSheet;
  busy?: boolean;
  onBack(): void;
  onMatch(mapping: ColumnMapping): void;
}) {
  const { sheet } = props;
  const [mapping, setMapping] = useState<ColumnMapping>({
    trade: sheet.mapping.trade,
    amount: sheet.mapping.amount,
    time: sheet.mapping.time,
    refund: sheet.mapping.refund || undefined,
  });
  const options = sheet.headers.filter((h) => h !== '').map((h) => ({ value: h, label: h }));
  const missing = REQUIRED.filter((f) => !mapping[f]);
  const set = (field: keyof ColumnMapping) => (value: string | undefined) =>
    setMapping((m) => ({ ...m, [field]: value }));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`文件：${sheet.file_name}，共${sheet.row_count}行${sheet.encoding ? `（${sheet.encoding} 编码）` : ''}`}
        description="请为流水号、金额、时间选择对账单中的列；已按渠道模板自动对应，可修改。"
      />
      <Form layout="inline">
        {(['trade', 'amount', 'time', 'refund'] as const).map((field) => (
          <Form.Item key={field} label={MAPPING_FIELD_NAMES[field]} required={field !== 'refund'}>
            <Select
              aria-label={`${MAPPING_FIELD_NAMES[field]}列`}
              style={{ width: 160 }}
              allowClear={field === 'refund'}
              placeholder={field === 'refund' ? '无' : '请选择列'}
              value={mapping[field] || undefined}
              options={options}
              onChange={set(field)}
            />
          </Form.Item>
        ))}
      </Form>
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        scroll={{ x: true }}
        dataSource={sheet.preview.map((cells) => Object.fromEntries(cells.map((c, i) => [String(i), c])))}
        columns={sheet.headers.map((h, i) => ({ title: h, dataIndex: String(i), key: String(i) }))}
      />
      {missing.length > 0 && (
        <Alert type="warning" showIcon title={`请选择${missing.map((f) => MAPPING_FIELD_NAMES[f]).join('、')}列`} />
      )}
      <Space>
        <Button onClick={props.onBack}>重新上传</Button>
        <Button
          type="primary"
          disabled={missing.length > 0}
          loading={props.busy}
          onClick={() => props.onMatch(mapping)}
        >
          开始对账
        </Button>
      </Space>
    </Space>
  );
}
