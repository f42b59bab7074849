import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import {
  RECON_CHANNEL_NAMES,
  RECON_CHANNELS,
  reconMatchRoute,
  reconUploadRoute,
  type ReconChannel,
} from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { MappingStep, type ColumnMapping, type UploadedSheet } from './mapping-step';
import { TemplateButtons } from '../../shared/recon-template-buttons';

export const CHANNEL_OPTIONS = RECON_CHANNELS.map((c) => ({ value: c, label: RECON_CHANNEL_NAMES[c] }));

/** 新建对账: channel and business days, the settlement file, its columns mapped, then matched. */
export function NewReconDialog({ onClose }: { onClose(): void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [channel, setChannel] = useState<ReconChannel>('wechat');
  const [days, setDays] = useState<[Dayjs, Dayjs] | null>(null);
  const [sheet, setSheet] = useState<UploadedSheet | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    setBusy(true);
    try {
      setSheet(await api.upload(reconUploadRoute, { channel }, file));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const match = async (mapping: ColumnMapping) => {
    if (!sheet || !days) return;
    setBusy(true);
    try {
      const batch = await api.call(reconMatchRoute, {
        file_id: sheet.file_id,
        channel,
        date_from: days[0].format('YYYY-MM-DD'),
        date_to: days[1].format('YYYY-MM-DD'),
        ...mapping,
      });
      void message.success(`已生成对账批次 ${batch.batch_no}`);
      void client.invalidateQueries({ queryKey: ['resource', 'recon_batch'] });
      onClose();
      void navigate(`/manager/finance_mg/account_reconciliation_mg_detail?id=${batch.id}`);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="新建对账" width={sheet ? 960 : 560} footer={null} onCancel={onClose} destroyOnHidden>
      {sheet ? (
        <MappingStep sheet={sheet} busy={busy} onBack={() => setSheet(null)} onMatch={(m) => void match(m)} />
      ) : (
        <Form layout="vertical">
          <Form.Item label="对账渠道" required>
            <Select aria-label="对账渠道" value={channel} options={CHANNEL_OPTIONS} onChange={setChannel} />
          </Form.Item>
          <Form.Item label="业务日期" required>
            <DatePicker.RangePicker
              aria-label="业务日期"
              value={days}
              onChange={(v) => setDays(v && v[0] && v[1] ? [v[0], v[1]] : null)}
            />
          </Form.Item>
          <Space>
            <Upload
              accept=".xlsx,.csv"
              showUploadList={false}
              disabled={!days || busy}
              beforeUpload={(file) => {
                void read(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} disabled={!days} loading={busy}>
                上传对账单（.xlsx / .csv）
              </Button>
            </Upload>
            <TemplateButtons channels={[channel]} />
          </Space>
        </Form>
      )}
    </Modal>
  );
}
