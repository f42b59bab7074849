import { useState } from 'react';
import { Alert, Button, Checkbox, InputNumber, Modal, Progress, Space, Typography } from 'antd';
import { BARCODE_LABEL_COUNT_MAX, type GroupPersonRow } from '@checkup/api-contract';
import { printBarcodeLabels } from '../../../lib/desk-print/print-desk-documents';
import { printGuideSheet } from '../../../lib/desk-print/print-guide-sheet';
import { usePrintSettings } from '../../../lib/workstation/use-print-settings';

interface Props {
  rows: GroupPersonRow[];
  open: boolean;
  onClose(): void;
  /** Told each printed document, so the list counts it (打印次数). */
  onPrinted(id: number, kind: 'guide_sheet' | 'labels'): Promise<unknown>;
}

/**
 * 批量打印: the chosen people's guide sheets and label sets through the desk's own print path (the
 * local print service, or downloads when it is not running), one person after another with a
 * progress bar; what failed is listed by name.
 */
export function BatchPrintDialog({ rows, open, onClose, onPrinted }: Props) {
  const printSettings = usePrintSettings();
  const [guide, setGuide] = useState(true);
  const [labels, setLabels] = useState(true);
  const [copies, setCopies] = useState(1);
  const [done, setDone] = useState(0);
  const [running, setRunning] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);

  const start = async () => {
    setRunning(true);
    setDone(0);
    const failed: string[] = [];
    try {
      const settings = await printSettings();
      for (const row of rows) {
        try {
          if (!row.order_id) throw new Error('未生成体检号，请先预登记');
          if (guide) {
            const result = await printGuideSheet(row.order_id, settings);
            if (!result.ok) throw new Error(`导检单：${result.message}`);
            await onPrinted(row.id, 'guide_sheet');
          }
          if (labels) {
            const result = await printBarcodeLabels(row.order_id, copies, settings);
            if (!result.ok) throw new Error(`条码：${result.message}`);
            await onPrinted(row.id, 'labels');
          }
        } catch (err) {
          failed.push(`${row.cust_name}（${row.order_id ?? '无体检号'}）：${(err as Error).message}`);
        }
        setDone((n) => n + 1);
      }
    } catch (err) {
      failed.push((err as Error).message);
    } finally {
      setFailures(failed);
      setRunning(false);
    }
  };

  const percent = rows.length === 0 ? 0 : Math.round((done * 100) / rows.length);
  return (
    <Modal
      title={`批量打印（${rows.length}人）`}
      open={open}
      onCancel={running ? undefined : onClose}
      closable={!running}
      mask={{ closable: false }}
      footer={[
        <Button key="close" disabled={running} onClick={onClose}>
          关闭
        </Button>,
        <Button
          key="print"
          type="primary"
          loading={running}
          disabled={rows.length === 0 || (!guide && !labels)}
          onClick={() => void start()}
        >
          开始打印
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Checkbox checked={guide} disabled={running} onChange={(e) => setGuide(e.target.checked)}>
            导检单
          </Checkbox>
          <Checkbox checked={labels} disabled={running} onChange={(e) => setLabels(e.target.checked)}>
            条码
          </Checkbox>
          <InputNumber
            aria-label="条码份数"
            size="small"
            min={1}
            max={BARCODE_LABEL_COUNT_MAX}
            precision={0}
            value={copies}
            disabled={!labels || running}
            onChange={(v) => setCopies(v ?? 1)}
          />
          <span>份</span>
        </Space>
        <Progress percent={percent} status={running ? 'active' : failures.length > 0 ? 'exception' : undefined} />
        <Typography.Text>
          已处理 {done} / {rows.length} 人
        </Typography.Text>
        {failures.length > 0 && (
          <Alert
            type="error"
            title={`${failures.length}人打印失败`}
            description={
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {failures.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
