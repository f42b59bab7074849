import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { examCardResource, PAY_METHOD_LABELS } from '@checkup/api-contract';
import { GenericTable } from '@checkup/ui';
import { useRecord, useRecordId } from '../../../lib/resource/use-record';
import { CardActionDialog, type CardAction } from '../shared/exam-card/card-action-dialog';
import { useCardLedger } from '../shared/exam-card/card-api';
import { CARD_STATE_COLORS } from '../shared/exam-card/card-list';
import { CardActionButtons, useCardActions } from '../shared/exam-card/card-row-actions';
import { LedgerTable } from '../shared/exam-card/ledger-table';

const PURPOSES: Record<string, string> = {
  card_sale: '售卡',
  card_recharge: '充值',
  card_refund: '退卡',
  visit: '体检支付',
};
const time = (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false });

/** 卡详情 (crm/card_mg_detail?id=…): the card, its actions, its ledger and the money taken for it. */
export default function CardMgDetail() {
  const navigate = useNavigate();
  const id = useRecordId();
  const card = useRecord(examCardResource, id).data;
  const ledger = useCardLedger(id);
  const actionsOf = useCardActions();
  const [acting, setActing] = useState<CardAction | null>(null);
  if (id === null) return <Alert type="warning" showIcon title="请从体检卡列表打开一张卡" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => void navigate('/manager/crm/exam_card_mg')}>返回体检卡管理</Button>
        <Button onClick={() => void navigate(`/manager/crm/card_item_detail?id=${id}`)}>卡项目明细</Button>
        {card && <CardActionButtons actions={actionsOf(card)} onAction={setActing} />}
      </Space>
      {card && (
        <Descriptions size="small" bordered column={4} title={`体检卡 ${card.card_no}`}>
          <Descriptions.Item label="卡类型">{card.type_name}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={CARD_STATE_COLORS[card.state]}>{card.state}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="余额">¥{card.balance}</Descriptions.Item>
          <Descriptions.Item label="面值">¥{card.face_value}</Descriptions.Item>
          <Descriptions.Item label="售价">{card.sale_price ? `¥${card.sale_price}` : ''}</Descriptions.Item>
          <Descriptions.Item label="购卡人">{card.buyer_name ?? ''}</Descriptions.Item>
          <Descriptions.Item label="手机号">{card.buyer_phone ?? ''}</Descriptions.Item>
          <Descriptions.Item label="有效期至">{card.valid_until}</Descriptions.Item>
          <Descriptions.Item label="卡密码">{card.has_password ? '已设置' : '未设置'}</Descriptions.Item>
          <Descriptions.Item label="绑定套餐">{card.package_name ?? ''}</Descriptions.Item>
          <Descriptions.Item label="状态说明">{card.state_note ?? ''}</Descriptions.Item>
        </Descriptions>
      )}
      <Card size="small" title="卡流水">
        <LedgerTable rows={ledger.data?.ledger ?? []} loading={ledger.isFetching} />
      </Card>
      <Card size="small" title="收款记录">
        <GenericTable
          tableKey="exam-card-payments"
          rowKey="id"
          size="small"
          virtual={false}
          pagination={false}
          dataSource={ledger.data?.payments ?? []}
          columns={[
            { title: '时间', dataIndex: 'paid_at', width: 160, render: time },
            { title: '用途', dataIndex: 'purpose', width: 90, render: (p: string) => PURPOSES[p] ?? p },
            { title: '付款方式', dataIndex: 'pay_method', width: 90, render: (m: string) => PAY_METHOD_LABELS[m] ?? m },
            { title: '金额', dataIndex: 'amount', width: 100, align: 'right' },
            { title: '体检号', dataIndex: 'order_id', width: 140, render: (v: string | null) => v ?? '' },
            { title: '操作人', dataIndex: 'operator_name', width: 80, render: (v: string | null) => v ?? '' },
          ]}
        />
      </Card>
      {acting && card && <CardActionDialog action={acting} cardNo={card.card_no} onClose={() => setActing(null)} />}
    </Space>
  );
}
