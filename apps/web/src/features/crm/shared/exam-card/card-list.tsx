import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { CARD_STATES, examCardResource, type CardState, type ResourceRow } from '@checkup/api-contract';
import type { GenericColumn } from '@checkup/ui';
import { ResourceList, type ResourceFilter } from '../../../../lib/resource/resource-list';
import { CardActionDialog, type CardAction } from './card-action-dialog';
import { useCardTypeOptions } from './card-api';
import { CardActionButtons, useCardActions } from './card-row-actions';

type CardRow = ResourceRow<typeof examCardResource>;
export const CARD_STATE_COLORS: Record<CardState, string> = {
  未售: 'default',
  已售: 'green',
  已冻结: 'blue',
  已作废: 'red',
  已过期: 'orange',
};

const columns: GenericColumn<CardRow>[] = [
  { title: '卡号', dataIndex: 'card_no', width: 140 },
  { title: '卡类型', dataIndex: 'type_name', width: 120 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 80,
    render: (s: CardState) => <Tag color={CARD_STATE_COLORS[s]}>{s}</Tag>,
  },
  { title: '面值', dataIndex: 'face_value', width: 100, align: 'right' },
  { title: '余额', dataIndex: 'balance', width: 100, align: 'right' },
  { title: '售价', dataIndex: 'sale_price', width: 100, align: 'right', render: (v: string | null) => v ?? '' },
  { title: '购卡人', dataIndex: 'buyer_name', width: 90, render: (v: string | null) => v ?? '' },
  { title: '手机号', dataIndex: 'buyer_phone', width: 120, render: (v: string | null) => v ?? '' },
  { title: '有效期至', dataIndex: 'valid_until', width: 110 },
];

/** The cards (体检卡列表, or one batch's cards when `batchId`), with their actions and 详情. */
export function CardList(props: { batchId?: number; title: string }) {
  const navigate = useNavigate();
  const typeOptions = useCardTypeOptions();
  const actionsOf = useCardActions();
  const [acting, setActing] = useState<{ action: CardAction; cardNo: string } | null>(null);
  const filters: ResourceFilter[] = [
    { name: 'key', kind: 'search', label: '卡号', placeholder: '卡号或其开头，回车', width: 180 },
    { name: 'state', kind: 'select', label: '状态', options: CARD_STATES.map((s) => ({ value: s, label: s })) },
    ...(props.batchId ? [] : [{ name: 'type_id', kind: 'select' as const, label: '卡类型', options: typeOptions }]),
    { name: 'buyer', kind: 'search', label: '购卡人', placeholder: '购卡人姓名或完整手机号', width: 200 },
  ];
  return (
    <>
      <ResourceList
        resource={examCardResource}
        title={props.title}
        filters={filters}
        scope={props.batchId ? { batch_id: String(props.batchId) } : undefined}
        columns={columns}
        actionsWidth={260}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => void navigate(`/manager/crm/card_mg_detail?id=${row.id}`)}>
              详情
            </Button>
            <CardActionButtons
              size="small"
              actions={actionsOf(row)}
              onAction={(action) => setActing({ action, cardNo: row.card_no })}
            />
          </>
        )}
      />
      {acting && <CardActionDialog action={acting.action} cardNo={acting.cardNo} onClose={() => setActing(null)} />}
    </>
  );
}
