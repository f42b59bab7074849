import { useState } from 'react';
import { Checkbox, Form, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { fenText, NO_DISCOUNT, PRICING_MESSAGES, type DeskDiscount, type LineDiscount } from '@checkup/api-contract';

/**
 * 整单折扣: one rate for every line, typed as the percent paid (90 = 九折, the scale of the account's
 * discount floor), with the lines it leaves out. Both boxes start ticked: a 统收 line keeps the
 * company's price and a 禁止打折 line can never be discounted (the server refuses it).
 */
// Mounted while open, so each opening starts from the discount as it stands.
export function BatchDiscountDialog({
  discount,
  onApply,
  onClose,
}: {
  discount: DeskDiscount | undefined;
  onApply: (next: DeskDiscount) => void;
  onClose: () => void;
}) {
  const current = discount ?? NO_DISCOUNT;
  const [rate, setRate] = useState<number | null>(current.rate ?? null);
  const [skipCompany, setSkipCompany] = useState(current.skip_company);
  const [skipNoDiscount, setSkipNoDiscount] = useState(current.skip_no_discount);

  return (
    <Modal
      open
      title="整单折扣"
      okText="应用"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => {
        onApply({
          ...current,
          rate: rate === null || rate >= 100 ? undefined : rate,
          skip_company: skipCompany,
          skip_no_discount: skipNoDiscount,
        });
        onClose();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" size="small">
        <Form.Item label="折扣（%）" extra="按原价的百分比收取：90 即九折，85 即八五折；留空或 100 为不打折">
          <InputNumber
            aria-label="整单折扣"
            min={1}
            max={100}
            step={1}
            precision={1}
            value={rate}
            onChange={(v) => setRate(v)}
            suffix="%"
            style={{ width: 140 }}
          />
        </Form.Item>
        <Space orientation="vertical">
          <Checkbox checked={skipCompany} onChange={(e) => setSkipCompany(e.target.checked)}>
            统收项目不参与整单折扣
          </Checkbox>
          <Checkbox checked={skipNoDiscount} onChange={(e) => setSkipNoDiscount(e.target.checked)}>
            禁止打折项目不参与整单折扣
          </Checkbox>
        </Space>
      </Form>
    </Modal>
  );
}

export interface DiscountedLine {
  id: number;
  union_name: string;
  /** The centre's price of the line (package share or list price), in fen. */
  base_fen: number;
  no_discount: boolean;
}

/** 单项改价: a rate for one line, or a price typed (the rate is derived from it). Mounted while open. */
export function LineDiscountDialog({
  line,
  current,
  onApply,
  onClose,
}: {
  line: DiscountedLine;
  current: LineDiscount | undefined;
  /** undefined clears the line's own discount. */
  onApply: (next: LineDiscount | undefined) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'rate' | 'price'>(current?.price !== undefined ? 'price' : 'rate');
  const [value, setValue] = useState<number | null>(
    current?.price !== undefined ? Number(current.price) : (current?.rate ?? null),
  );
  const derived =
    mode === 'price' && value !== null && line.base_fen > 0 ? ((value * 10_000) / line.base_fen).toFixed(1) : null;

  return (
    <Modal
      open
      title={`单项改价：${line.union_name}`}
      okText="应用"
      cancelText="取消"
      okButtonProps={{ disabled: line.no_discount }}
      onCancel={onClose}
      onOk={() => {
        if (value === null) onApply(undefined);
        else if (mode === 'rate') onApply({ union_id: line.id, rate: value });
        else onApply({ union_id: line.id, price: value.toFixed(2) });
        onClose();
      }}
      destroyOnHidden
    >
      {line.no_discount ? (
        <Typography.Text type="danger">{PRICING_MESSAGES.noDiscount(line.union_name)}</Typography.Text>
      ) : (
        <Space orientation="vertical">
          <Typography.Text type="secondary">价格 ¥{fenText(line.base_fen)}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value as 'rate' | 'price');
              setValue(null);
            }}
            options={[
              { value: 'rate', label: '按折扣' },
              { value: 'price', label: '输入优惠价' },
            ]}
          />
          {mode === 'rate' ? (
            <InputNumber
              aria-label="单项折扣"
              min={1}
              max={100}
              precision={1}
              suffix="%"
              value={value}
              onChange={(v) => setValue(v)}
            />
          ) : (
            <Space>
              <InputNumber
                aria-label="优惠价"
                min={0}
                max={line.base_fen / 100}
                precision={2}
                prefix="¥"
                value={value}
                onChange={(v) => setValue(v)}
              />
              {derived && <Typography.Text type="secondary">折扣 {derived}%</Typography.Text>}
            </Space>
          )}
          <Typography.Text type="secondary">留空并应用即取消该项的单独折扣</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
