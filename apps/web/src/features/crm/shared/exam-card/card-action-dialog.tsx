import { useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import {
  cardFreezeRoute,
  cardRechargeRoute,
  cardSellRoute,
  cardVoidRoute,
  fenOf,
  moneyText,
} from '@checkup/api-contract';
import { useCardWrite } from './card-api';
import { collectedFen, PaymentLines, type PaymentLine } from './payment-lines';

export type CardAction = 'sell' | 'recharge' | 'freeze' | 'unfreeze' | 'void';
const TITLES: Record<CardAction, string> = {
  sell: '售卡',
  recharge: '充值',
  freeze: '冻结',
  unfreeze: '解冻',
  void: '作废',
};
const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

interface Values {
  end_no?: string;
  sale_price?: string;
  buyer_name?: string;
  buyer_phone?: string;
  password?: string;
  amount?: string;
  reason?: string;
  payments?: PaymentLine[];
}

/** How many cards a range holds (same prefix, 8-digit running number); 1 when no end is given. */
export function rangeCount(start: string, end?: string): number {
  if (!end?.trim()) return 1;
  const a = Number(start.slice(-8));
  const b = Number(end.trim().slice(-8));
  return b >= a && start.slice(0, -8) === end.trim().slice(0, -8) ? b - a + 1 : 0;
}

/**
 * One card action (breadth §2.12): 售卡 of one card or a range (buyer, price, optional PIN, money
 * lines), 充值 (amount and lines), 冻结/解冻/作废 with the reason. The money lines must add up to what
 * is due before the call is made; the server checks the same and answers in the same words.
 */
export function CardActionDialog(props: { action: CardAction; cardNo: string; onClose(): void }) {
  const { action, cardNo, onClose } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sumError, setSumError] = useState<string | null>(null);
  const sell = useCardWrite(cardSellRoute);
  const recharge = useCardWrite(cardRechargeRoute);
  const freeze = useCardWrite(cardFreezeRoute);
  const voiding = useCardWrite(cardVoidRoute);
  const pending = sell.isPending || recharge.isPending || freeze.isPending || voiding.isPending;

  const done = (text: string) => {
    void message.success(text);
    onClose();
  };
  const failed = (err: Error) => void message.error(err.message);

  const submit = (v: Values) => {
    if (action === 'sell' || action === 'recharge') {
      const dueText = action === 'sell' ? v.sale_price! : v.amount!;
      const count = action === 'sell' ? rangeCount(cardNo, v.end_no) : 1;
      const due = fenOf(dueText.trim()) * count;
      const got = collectedFen(v.payments);
      if (got !== due) {
        setSumError(`收款合计与售价不一致（当前收款¥${moneyText(got ?? 0)}，应收¥${moneyText(due)}）`);
        return;
      }
      setSumError(null);
      const payments = JSON.stringify(v.payments);
      if (action === 'sell') {
        sell.mutate(
          {
            start_no: cardNo,
            end_no: v.end_no,
            sale_price: v.sale_price!,
            buyer_name: v.buyer_name!,
            buyer_phone: v.buyer_phone!,
            password: v.password,
            payments,
          },
          { onSuccess: (r) => done(`已售出${r.cards}张，收款¥${r.total}`), onError: failed },
        );
      } else {
        recharge.mutate(
          { card_no: cardNo, amount: v.amount!, payments },
          { onSuccess: (r) => done(`充值成功，当前余额¥${r.balance}`), onError: failed },
        );
      }
      return;
    }
    if (action === 'void') {
      voiding.mutate({ card_no: cardNo, reason: v.reason! }, { onSuccess: () => done('已作废'), onError: failed });
      return;
    }
    freeze.mutate(
      { card_no: cardNo, freeze: action === 'freeze' ? '1' : '0', reason: v.reason! },
      { onSuccess: (r) => done(`卡状态：${r.state}`), onError: failed },
    );
  };

  const money = (label: string) => [{ required: true, pattern: MONEY, message: `请填写${label}，最多两位小数` }];
  return (
    <Modal
      open
      title={`${TITLES[action]}：${cardNo}`}
      okText="确定"
      cancelText="返回"
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ payments: [{ method: 'cash' }] }} onFinish={submit}>
        {action === 'sell' && (
          <>
            <Form.Item name="end_no" label="结束卡号" extra="连续售出多张时填写；只售一张留空">
              <Input aria-label="结束卡号" />
            </Form.Item>
            <Form.Item name="sale_price" label="每张售价" rules={money('售价')}>
              <Input aria-label="每张售价" prefix="¥" />
            </Form.Item>
            <Form.Item
              name="buyer_name"
              label="购卡人"
              rules={[{ required: true, whitespace: true, message: '请填写购卡人' }]}
            >
              <Input aria-label="购卡人" maxLength={32} />
            </Form.Item>
            <Form.Item name="buyer_phone" label="手机号" rules={[{ required: true, message: '请填写手机号' }]}>
              <Input aria-label="手机号" maxLength={20} />
            </Form.Item>
            <Form.Item name="password" label="卡密码" extra="可不设；设置时为6位数字，支付时须输入">
              <Input.Password aria-label="卡密码" maxLength={6} />
            </Form.Item>
            <PaymentLines />
            {sumError && (
              <Typography.Text type="danger" role="alert">
                {sumError}
              </Typography.Text>
            )}
          </>
        )}
        {action === 'recharge' && (
          <>
            <Form.Item name="amount" label="充值金额" rules={money('充值金额')}>
              <Input aria-label="充值金额" prefix="¥" />
            </Form.Item>
            <PaymentLines />
            {sumError && (
              <Typography.Text type="danger" role="alert">
                {sumError}
              </Typography.Text>
            )}
          </>
        )}
        {(action === 'freeze' || action === 'unfreeze' || action === 'void') && (
          <>
            {action === 'void' && <Typography.Paragraph type="warning">作废后不可恢复。</Typography.Paragraph>}
            <Form.Item
              name="reason"
              label={`${TITLES[action]}原因`}
              rules={[{ required: true, whitespace: true, message: '请填写原因' }]}
            >
              <Input.TextArea aria-label="原因" rows={2} maxLength={200} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
