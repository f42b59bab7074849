import { useState } from 'react';
import { Alert, App, Button, Card, Input, Modal, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import {
  CARD_SELL_ACCESS,
  cardPayRefundRoute,
  examCardResource,
  mayUse,
  type CardLedgerRow,
} from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';
import { useUserInfo } from '../../session/api/get-user-info';
import { useCardItems, useCardWrite } from '../shared/exam-card/card-api';
import { LedgerTable } from '../shared/exam-card/ledger-table';

/**
 * 卡项目明细 (crm/card_item_detail?id=…): the package a card covers with its items, and the card's
 * consumption lines (消费, 退款); a 消费 is given back to the card with its reason (退款).
 */
export default function CardItemDetail() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useRecordId();
  const card = useRecord(examCardResource, id).data;
  const items = useCardItems(id);
  const mayRefund = mayUse(CARD_SELL_ACCESS, useUserInfo().data?.role_menu ?? []);
  const refund = useCardWrite(cardPayRefundRoute);
  const [refunding, setRefunding] = useState<CardLedgerRow | null>(null);
  const [reason, setReason] = useState('');
  if (id === null) return <Alert type="warning" showIcon title="请从体检卡列表打开一张卡" />;
  const pkg = items.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => void navigate(`/manager/crm/card_mg_detail?id=${id}`)}>返回卡详情</Button>
      <Card size="small" title={`${card?.card_no ?? ''} 可用项目`}>
        {pkg?.package_name ? (
          <>
            <Typography.Paragraph>
              绑定套餐：{pkg.package_name}（¥{pkg.package_price}）
            </Typography.Paragraph>
            <GenericTable
              tableKey="exam-card-items"
              rowKey="union_id"
              size="small"
              virtual={false}
              pagination={false}
              dataSource={pkg.unions}
              columns={[
                { title: '项目', dataIndex: 'union_name', width: 200 },
                { title: '单价', dataIndex: 'price', width: 100, align: 'right' },
              ]}
            />
          </>
        ) : (
          <Typography.Paragraph>该卡未绑定套餐，可按余额支付任何自费项目。</Typography.Paragraph>
        )}
      </Card>
      <Card size="small" title="消费明细">
        <LedgerTable
          rows={pkg?.consumption ?? []}
          loading={items.isFetching}
          onRefund={mayRefund ? (row) => setRefunding(row) : undefined}
        />
      </Card>
      <Modal
        open={refunding !== null}
        title="消费退款到卡"
        okText="退款"
        cancelText="返回"
        okButtonProps={{ disabled: !reason.trim(), loading: refund.isPending }}
        onCancel={() => setRefunding(null)}
        onOk={() =>
          refund.mutate(
            { ledger_id: refunding!.id, reason },
            {
              onSuccess: (r) => {
                void message.success(`已退回卡内，当前余额¥${r.balance}`);
                setRefunding(null);
                setReason('');
              },
              onError: (err) => void message.error(err.message),
            },
          )
        }
        destroyOnHidden
      >
        <p>
          {refunding?.order_id} 消费 ¥{refunding?.amount.replace('-', '')}
        </p>
        <Input.TextArea
          aria-label="退款原因"
          placeholder="请填写退款原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
