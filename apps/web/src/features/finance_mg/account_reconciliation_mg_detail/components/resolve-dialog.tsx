import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { reconResolveRoute, type ReconResolution, type ReconRow } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** What each result may be resolved by: 补单 for 长款, 冲正 for 短款/金额不符, 说明 for any. */
const CHOICES: Record<string, ReconResolution[]> = {
  长款: ['补单', '说明'],
  短款: ['冲正', '说明'],
  金额不符: ['冲正', '说明'],
};

const HELP: Record<ReconResolution, string> = {
  补单: '渠道已收款而系统无记录：按体检号补记一笔收费（备注“对账补单”）',
  冲正: '系统记录多于渠道实收：按差额写一笔冲正（负数）',
  说明: '只记录原因（如跨日、手续费），不改动收费记录',
};

/** 处理差异 of one row. */
export function ResolveDialog({ row, onClose }: { row: ReconRow; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const choices = CHOICES[row.result] ?? ['说明'];
  const [resolution, setResolution] = useState<ReconResolution>(choices[0]!);
  const [orderId, setOrderId] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    try {
      const done = await api.call(reconResolveRoute, { row_id: row.id, resolution, order_id: orderId, note });
      void message.success(done.batch_state === '已完成' ? '已处理，本批次对账完成' : '已处理');
      void client.invalidateQueries({ queryKey: ['recon'] });
      void client.invalidateQueries({ queryKey: ['resource', 'recon_batch'] });
      onClose();
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`处理差异：${row.trade_no ?? '无流水号'}（${row.result}）`}
      okText="确定"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label="处理方式">
          <Radio.Group
            value={resolution}
            onChange={(e) => setResolution(e.target.value as ReconResolution)}
            options={choices.map((c) => ({ value: c, label: c }))}
          />
        </Form.Item>
        <Alert type="info" showIcon title={HELP[resolution]} style={{ marginBottom: 16 }} />
        {resolution === '补单' && (
          <Form.Item label="体检号" required>
            <Input aria-label="体检号" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
          </Form.Item>
        )}
        <Form.Item label="说明" required={resolution === '说明'}>
          <Input.TextArea
            aria-label="说明"
            rows={2}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
