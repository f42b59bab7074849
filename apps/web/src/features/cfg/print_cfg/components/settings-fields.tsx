import { Form, Input, InputNumber } from 'antd';
import { BARCODE_LABEL_COUNT_MAX, PRINT_DOCUMENT_KEYS, type PrintSettings } from '@checkup/api-contract';
import { SETTING_LABELS } from '../settings-form';

/**
 * The print settings' fields. Given `defaults`, they are a workstation's own: a blank field keeps
 * the centre's value, shown as its placeholder.
 */
export function SettingsFields({ defaults }: { defaults?: PrintSettings }) {
  const hint = (value: string | number | undefined, fallback = '') =>
    defaults ? `默认：${value === undefined || value === '' ? fallback : value}` : undefined;
  const [first, second] = defaults?.print_service_urls ?? [];
  return (
    <>
      <Form.Item
        label={SETTING_LABELS.print_service_urls}
        name="print_service_url"
        extra={defaults ? undefined : '本机打印服务的地址，以 / 结尾'}
      >
        <Input placeholder={hint(first)} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label="备用打印服务地址" name="print_service_fallback_url" extra="第一个地址无应答时使用，可不填">
        <Input placeholder={hint(second, '无')} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label={SETTING_LABELS.print_helper_url} name="print_helper_url">
        <Input placeholder={hint(defaults?.print_helper_url)} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item label={SETTING_LABELS.conversion_url} name="conversion_url">
        <Input placeholder={hint(defaults?.conversion_url)} style={{ maxWidth: 360 }} />
      </Form.Item>
      {PRINT_DOCUMENT_KEYS.map((doc) => (
        <Form.Item key={doc} label={SETTING_LABELS[doc]} name={doc}>
          <Input
            maxLength={64}
            placeholder={defaults ? hint(defaults.printers[doc], '系统默认打印机') : '不填则用系统默认打印机'}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
      ))}
      <Form.Item label={SETTING_LABELS.barcode_label_count} name="barcode_label_count" extra="每个条码打印的张数">
        <InputNumber
          min={1}
          max={BARCODE_LABEL_COUNT_MAX}
          precision={0}
          placeholder={hint(defaults?.barcode_label_count)}
        />
      </Form.Item>
    </>
  );
}
