import { Alert, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { PRINT_DOCUMENT_KEYS, type PrintConfig } from '@checkup/api-contract';
import { SETTING_LABELS } from '../settings-form';

const ownTag = <Tag color="blue">本工作站</Tag>;

/** 本工作站: this browser's workstation and the settings it prints with now. */
export function ThisWorkstationCard({ config, onName }: { config: PrintConfig; onName: () => void }) {
  const { workstation, effective } = config;
  const own = workstation?.overrides ?? {};
  const label = (text: string, overridden: boolean) => (
    <>
      {text}
      {overridden && ownTag}
    </>
  );

  return (
    <Card size="small" title="本工作站" style={{ marginBottom: 12 }}>
      {workstation ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
          <Descriptions.Item label="工作站名称">{workstation.workstation_name}</Descriptions.Item>
          <Descriptions.Item label="工作站编号">
            <Typography.Text code copyable>
              {workstation.workstation_id}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="本浏览器尚未命名为工作站，打印时使用全中心默认设置"
          action={
            <Button size="small" type="primary" onClick={onName}>
              命名本工作站
            </Button>
          }
        />
      )}
      <Descriptions size="small" bordered column={2} title="当前生效的打印设置">
        <Descriptions.Item label={label(SETTING_LABELS.print_service_urls, !!own.print_service_urls)} span={2}>
          {effective.print_service_urls.join('，备用 ')}
        </Descriptions.Item>
        <Descriptions.Item label={label(SETTING_LABELS.print_helper_url, !!own.print_helper_url)}>
          {effective.print_helper_url}
        </Descriptions.Item>
        <Descriptions.Item label={label(SETTING_LABELS.conversion_url, !!own.conversion_url)}>
          {effective.conversion_url}
        </Descriptions.Item>
        {PRINT_DOCUMENT_KEYS.map((doc) => (
          <Descriptions.Item key={doc} label={label(SETTING_LABELS[doc], !!own.printers?.[doc])}>
            {effective.printers[doc] || <Typography.Text type="secondary">系统默认打印机</Typography.Text>}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={label(SETTING_LABELS.barcode_label_count, own.barcode_label_count !== undefined)}>
          {effective.barcode_label_count}
        </Descriptions.Item>
        <Descriptions.Item label={label(SETTING_LABELS.card_reader_url, !!own.card_reader_url)} span={2}>
          {own.card_reader_url ?? <Typography.Text type="secondary">参数设置（0110）中的读卡地址</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
