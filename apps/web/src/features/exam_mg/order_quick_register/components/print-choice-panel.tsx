import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Checkbox, InputNumber, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BARCODE_LABEL_COUNT_MAX } from '@checkup/api-contract';
import type { PrintOutcome, PrintResult } from '@checkup/devices';
import { printConfigQueryOptions } from '../../../../lib/workstation/print-config';
import { usePrintSettings } from '../../../../lib/workstation/use-print-settings';
import { storedWorkstationId } from '../../../../lib/workstation/workstation-id';
import { printGuideSheet } from '../../shared/guide-sheet/print-guide-sheet';
import { downloadPaymentSlip, printBarcodeLabels } from '../../shared/desk-print/print-desk-documents';
import { rememberPrintChoice, rememberedPrintChoice, type PrintChoice } from './print-choice';

interface Props {
  orderId: string;
  /** 先付后检 with 自费 lines unpaid: the 缴费单 prints in the guide sheet's place. */
  guideSheetBlocked: boolean;
  /** The payment state is known (速打 waits for it, so that it knows what it may print). */
  ready: boolean;
}

/**
 * 打印: 导检单, 条码 or both, with the label count; the choice is remembered for this workstation.
 * 速打 prints the remembered set at once and has the focus, so Enter after 完成登记 prints.
 */
export function PrintChoicePanel({ orderId, guideSheetBlocked, ready }: Props) {
  const { message } = App.useApp();
  const printSettings = usePrintSettings();
  const workstationId = storedWorkstationId();
  const config = useQuery(printConfigQueryOptions(workstationId));
  const defaultCount = config.data?.effective.barcode_label_count ?? 1;
  const [edited, setEdited] = useState<PrintChoice | null>(null);
  const [printing, setPrinting] = useState(false);
  const choice = edited ?? rememberedPrintChoice(workstationId, defaultCount);
  const quickPrint = useRef<HTMLButtonElement>(null);
  // The focus waits on 速打 once it knows what it may print: Enter is the clerk's next action.
  useEffect(() => {
    if (ready) quickPrint.current?.focus();
  }, [ready]);

  const tell = (what: string, result: PrintResult<PrintOutcome>) => {
    if (!result.ok) void message.error(`${what}：${result.message}`);
    else if (result.data.kind === 'downloaded') void message.warning(`${what}：${result.data.message}`);
    else void message[result.data.batch.level](`${what}：${result.data.batch.message}`);
  };

  const print = async (wanted: PrintChoice) => {
    if (!wanted.guide_sheet && !wanted.labels) {
      void message.warning('请选择要打印的导检单或条码');
      return;
    }
    setPrinting(true);
    rememberPrintChoice(workstationId, wanted);
    try {
      const settings = await printSettings();
      if (wanted.guide_sheet && guideSheetBlocked) {
        await downloadPaymentSlip(orderId);
        void message.warning('先付后检：导检单待缴费后打印，已打印缴费单');
      } else if (wanted.guide_sheet) {
        tell('导检单', await printGuideSheet(orderId, settings));
      }
      if (wanted.labels) tell('条码', await printBarcodeLabels(orderId, wanted.label_count, settings));
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setPrinting(false);
    }
  };

  const remembered = rememberedPrintChoice(workstationId, defaultCount);
  const rememberedText =
    [remembered.guide_sheet && '导检单', remembered.labels && `条码×${remembered.label_count}`]
      .filter(Boolean)
      .join(' + ') || '无';

  return (
    <Card size="small" title="打印">
      <Space orientation="vertical" size={8}>
        <Space wrap>
          <Checkbox
            checked={choice.guide_sheet}
            onChange={(e) => setEdited({ ...choice, guide_sheet: e.target.checked })}
          >
            导检单{guideSheetBlocked && <Typography.Text type="warning">（待缴费，先打印缴费单）</Typography.Text>}
          </Checkbox>
          <Checkbox checked={choice.labels} onChange={(e) => setEdited({ ...choice, labels: e.target.checked })}>
            条码
          </Checkbox>
          <InputNumber
            aria-label="条码份数"
            size="small"
            min={1}
            max={BARCODE_LABEL_COUNT_MAX}
            precision={0}
            value={choice.label_count}
            disabled={!choice.labels}
            style={{ width: 64 }}
            onChange={(v) => setEdited({ ...choice, label_count: v ?? 1 })}
          />
          <span>份</span>
        </Space>
        <Space wrap>
          <Button
            ref={quickPrint}
            type="primary"
            disabled={!ready}
            loading={printing}
            title={`按本工作站上次的选择打印：${rememberedText}`}
            onClick={() => void print(remembered)}
          >
            速打（{rememberedText}）
          </Button>
          <Button disabled={!ready} loading={printing} onClick={() => void print(choice)}>
            打印所选
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
