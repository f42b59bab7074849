import { Button, Tabs, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { CARD_MAKE_ACCESS, cardBatchResource, cardTypeResource, mayUse, packageResource } from '@checkup/api-contract';
import { ResourceList } from '../../../lib/resource/resource-list';
import { ResourceScreen } from '../../../lib/resource/resource-screen';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { useUserInfo } from '../../session/api/get-user-info';
import { useCardTypeOptions } from '../shared/exam-card/card-api';
import { CardList } from '../shared/exam-card/card-list';

const text = (v: string | number | null) => (v === null ? '' : String(v));
const time = (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false });

function CardTypes() {
  return (
    <ResourceScreen
      resource={cardTypeResource}
      title="卡类型"
      filters={[{ name: 'key', kind: 'search', label: '搜索卡类型', placeholder: '名称或前缀，回车' }]}
      columns={[
        { title: '卡类型', dataIndex: 'type_name', width: 140 },
        { title: '卡号前缀', dataIndex: 'prefix', width: 90 },
        { title: '面值', dataIndex: 'face_value', width: 100, align: 'right' },
        {
          title: '可充值',
          dataIndex: 'rechargeable',
          width: 80,
          render: (v: boolean) => (v ? <Tag color="green">可充值</Tag> : '否'),
        },
        { title: '有效天数', dataIndex: 'validity_days', width: 90, render: text },
        { title: '截止日期', dataIndex: 'valid_until', width: 110, render: text },
        { title: '绑定套餐', dataIndex: 'package_name', width: 140, render: text },
        { title: '备注', dataIndex: 'remark', width: 180, render: text },
      ]}
      fields={[
        { name: 'type_name', label: '卡类型名称' },
        { name: 'prefix', label: '卡号前缀', extra: '卡号为前缀加8位序号；已制卡的类型不能再改前缀' },
        { name: 'face_value', label: '面值（元）' },
        { name: 'rechargeable', label: '可充值', kind: 'switch' },
        { name: 'validity_days', label: '有效天数', extra: '自制卡之日起计算；与截止日期二选一' },
        { name: 'valid_until', label: '截止日期', placeholder: '年-月-日' },
        {
          name: 'package_id',
          label: '绑定套餐',
          input: (
            <ResourceSelect
              resource={packageResource}
              labelOf={(p) => `${p.package_name}（¥${p.price}）`}
              aria-label="绑定套餐"
              placeholder="可不选；输入名称搜索套餐"
            />
          ),
        },
        { name: 'remark', label: '备注', kind: 'textarea' },
      ]}
      toForm={(row) => ({ ...row, validity_days: row.validity_days ?? '', valid_until: row.valid_until ?? '' })}
      blank={{ rechargeable: false, validity_days: '365' }}
    />
  );
}

function CardBatches() {
  const navigate = useNavigate();
  const typeOptions = useCardTypeOptions();
  const mayMake = mayUse(CARD_MAKE_ACCESS, useUserInfo().data?.role_menu ?? []);
  return (
    <ResourceList
      resource={cardBatchResource}
      title="制卡批次"
      extra={
        mayMake && (
          <Button type="primary" onClick={() => void navigate('/manager/crm/create_card_batch')}>
            制卡
          </Button>
        )
      }
      filters={[
        { name: 'key', kind: 'search', label: '卡号', placeholder: '输入卡号查所在批次', width: 180 },
        { name: 'type_id', kind: 'select', label: '卡类型', options: typeOptions },
        { kind: 'days', label: '制卡日期' },
      ]}
      columns={[
        { title: '批次', dataIndex: 'id', width: 70 },
        { title: '卡类型', dataIndex: 'type_name', width: 120 },
        { title: '起始卡号', dataIndex: 'start_no', width: 140 },
        { title: '结束卡号', dataIndex: 'end_no', width: 140 },
        { title: '数量', dataIndex: 'card_count', width: 70, align: 'right' },
        { title: '面值', dataIndex: 'face_value', width: 100, align: 'right' },
        { title: '有效期至', dataIndex: 'valid_until', width: 110 },
        { title: '领取人', dataIndex: 'receiver', width: 90, render: text },
        { title: '制卡人', dataIndex: 'created_by_name', width: 90, render: text },
        { title: '制卡时间', dataIndex: 'created_at', width: 160, render: time },
        { title: '备注', dataIndex: 'remark', width: 160, render: text },
      ]}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => void navigate(`/manager/crm/card_batch_detail?id=${row.id}`)}>
          查看卡
        </Button>
      )}
      actionsWidth={90}
    />
  );
}

/**
 * 体检卡管理 (crm/exam_card_mg, breadth §2.12): the cards with their states and actions (售卡, 充值,
 * 冻结/解冻, 作废, by button permission), the card types, and the batches made (制卡).
 */
export default function ExamCardMg() {
  return (
    <Tabs
      items={[
        { key: 'cards', label: '体检卡', children: <CardList title="体检卡" /> },
        { key: 'batches', label: '制卡批次', children: <CardBatches /> },
        { key: 'types', label: '卡类型', children: <CardTypes /> },
      ]}
    />
  );
}
