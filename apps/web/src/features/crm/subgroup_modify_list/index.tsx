import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  UNION_EXEC_LABELS,
  unionResource,
  type GroupBatchResult,
  type SubgroupPerson,
  type UnionExecState,
} from '@checkup/api-contract';
import { GenericTable, SearchBox, usePaging } from '@checkup/ui';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { useGroupOrderChoices } from '../shared/group-orders';
import { personColumns } from '../shared/group-persons';
import { useSubgroupActions, useSubgroupList } from './api/subgroup-actions';

const ORIGIN_LABELS: Record<string, string> = { package: '套餐', extra: '加项', dept: '科室加项' };

type Dialog = 'move' | 'add' | 'remove' | 'discount' | 'ban' | null;

/** One person's items: 收费项目, 价格, 原价, 来源, 已收, 执行状态 and 科室. */
function ItemsTable({ person }: { person: SubgroupPerson }) {
  return (
    <Table
      size="small"
      rowKey="union_id"
      pagination={false}
      dataSource={person.items}
      columns={[
        { title: '收费项目', dataIndex: 'union_name' },
        { title: '价格', dataIndex: 'price', align: 'right' },
        { title: '原价', dataIndex: 'list_price', align: 'right' },
        { title: '来源', dataIndex: 'origin', render: (v: string) => ORIGIN_LABELS[v] ?? v },
        { title: '付款', dataIndex: 'pay_mode', render: (v: string) => (v === 'company' ? '统收' : '自费') },
        { title: '已收', dataIndex: 'fee_charged', render: (v: boolean) => (v ? '是' : '否') },
        {
          title: '执行',
          dataIndex: 'exec_status',
          render: (v: string) => UNION_EXEC_LABELS[v as UnionExecState] ?? v,
        },
        { title: '科室', dataIndex: 'dept_name' },
      ]}
    />
  );
}

/**
 * 分组调整 (crm/subgroup_modify_list, breadth §2.8): one order's people by group with their items;
 * move the chosen (all of one group) to another group, re-priced; 加项 / 退项 for many; a batch
 * discount within the clerk's floor; 禁检 of people and of the group.
 */
export default function SubgroupModifyList() {
  const { message } = App.useApp();
  const orders = useGroupOrderChoices();
  const actions = useSubgroupActions();
  const paging = usePaging();
  const [orderId, setOrderId] = useState<number | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [name, setName] = useState<string | undefined>();
  const [selected, setSelected] = useState<SubgroupPerson[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refused, setRefused] = useState<GroupBatchResult | null>(null);
  const [form] = Form.useForm<{ group_id?: number; union_ids?: number[]; rate?: number; reason?: string }>();
  const list = useSubgroupList(
    orderId === undefined ? null : { group_order_id: orderId, group_id: groupId, name, ...paging.page },
  );
  const order = orders.data?.find((o) => o.id === orderId);
  const group = order?.groups.find((g) => g.id === groupId);
  const ids = selected.map((p) => p.id);
  const fail = (err: Error) => void message.error(err.message);
  const open = (d: Dialog) => () => {
    if (ids.length === 0) void message.warning('请选择体检人员');
    else if (d === 'move' && new Set(selected.map((p) => p.group_id)).size !== 1)
      void message.warning('请选择同一分组的体检人员');
    else {
      form.resetFields();
      setDialog(d);
    }
  };
  const done = (text: string) => () => {
    void message.success(text);
    setDialog(null);
    setSelected([]);
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (dialog === 'move')
      actions.move.mutate({ ids, group_id: v.group_id! }, { onSuccess: done('已调整分组并重新计价'), onError: fail });
    if (dialog === 'add')
      actions.add.mutate({ ids, union_ids: v.union_ids! }, { onSuccess: done('加项完成'), onError: fail });
    if (dialog === 'discount')
      actions.discount.mutate({ ids, rate: v.rate! }, { onSuccess: done('折扣已应用'), onError: fail });
    if (dialog === 'ban')
      actions.ban.mutate(
        { ids, reason: v.reason! },
        {
          onSuccess: (r) => {
            setDialog(null);
            setRefused(r);
          },
          onError: fail,
        },
      );
  };
  const pending =
    actions.move.isPending || actions.add.isPending || actions.discount.isPending || actions.ban.isPending;

  return (
    <Card
      size="small"
      title="分组调整"
      extra={
        <Space wrap>
          <Typography.Text type="secondary">已选 {ids.length} 人</Typography.Text>
          <Button type="primary" onClick={open('move')}>
            调整分组
          </Button>
          <Button onClick={open('add')}>加项</Button>
          <Button onClick={open('remove')}>退项</Button>
          <Button onClick={open('discount')}>折扣</Button>
          <Button danger onClick={open('ban')}>
            禁检
          </Button>
          <Button
            onClick={() =>
              ids.length === 0
                ? void message.warning('请选择体检人员')
                : actions.unban.mutate(ids, { onSuccess: (r) => setRefused(r), onError: fail })
            }
          >
            反禁检
          </Button>
          {group && (
            <Popconfirm
              title={
                group.paused ? `确定对分组「${group.group_name}」反禁检？` : `确定禁检分组「${group.group_name}」？`
              }
              onConfirm={() =>
                actions.pauseGroup.mutate(
                  { group_id: group.id, paused: !group.paused },
                  {
                    onSuccess: () => {
                      void message.success(group.paused ? '分组已反禁检' : '分组已禁检');
                      void orders.refetch();
                    },
                    onError: fail,
                  },
                )
              }
            >
              <Button>{group.paused ? '分组反禁检' : '分组禁检'}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label="订单"
          placeholder="请选择订单"
          showSearch
          optionFilterProp="label"
          style={{ width: 280 }}
          value={orderId}
          options={(orders.data ?? []).map((o) => ({
            value: o.id,
            label: `${o.order_no} ${o.order_name}${o.closed ? '（已结束）' : ''}`,
          }))}
          onChange={(v: number) => {
            setOrderId(v);
            setGroupId(undefined);
            setSelected([]);
            paging.firstPage();
          }}
        />
        <Select
          aria-label="分组"
          placeholder="全部分组"
          allowClear
          style={{ width: 200 }}
          value={groupId}
          options={(order?.groups ?? []).map((g) => ({
            value: g.id,
            label: `${g.group_name}${g.package_name ? `（${g.package_name}）` : ''}${g.paused ? ' 已禁检' : ''}`,
          }))}
          onChange={(v: number | undefined) => {
            setGroupId(v);
            setSelected([]);
            paging.firstPage();
          }}
        />
        <SearchBox
          label="姓名"
          placeholder="姓名"
          onSearch={(v) => {
            setName(v || undefined);
            paging.firstPage();
          }}
        />
        {group && (
          <Tag color={group.paused ? 'error' : 'blue'}>
            {group.paused ? '分组已禁检' : `分组价 ${group.price ?? '套餐价'}`}
          </Tag>
        )}
      </Space>
      {list.isError && (
        <Typography.Paragraph type="danger" role="alert">
          {list.error.message}
        </Typography.Paragraph>
      )}
      <GenericTable<SubgroupPerson>
        tableKey="crm-subgroup-modify"
        rowKey="id"
        size="small"
        virtual={false}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={personColumns as never}
        rowSelection={{ selectedRowKeys: ids, onChange: (_k, rows) => setSelected(rows) }}
        expandable={{ expandedRowRender: (p) => <ItemsTable person={p} /> }}
        pagination={paging.pagination(list.data?.total ?? 0)}
        locale={{ emptyText: orderId === undefined ? '请先选择订单' : '暂无人员' }}
      />
      <Modal
        title={
          dialog === 'move'
            ? `调整分组（${ids.length}人）`
            : dialog === 'add'
              ? `加项（${ids.length}人）`
              : dialog === 'discount'
                ? `折扣（${ids.length}人）`
                : `禁检（${ids.length}人）`
        }
        open={dialog !== null && dialog !== 'remove'}
        onCancel={() => setDialog(null)}
        confirmLoading={pending}
        onOk={() => void submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {dialog === 'move' && (
            <Form.Item name="group_id" label="目标分组" rules={[{ required: true, message: '请选择目标分组' }]}>
              <Select
                options={(order?.groups ?? [])
                  .filter((g) => g.id !== selected[0]?.group_id)
                  .map((g) => ({
                    value: g.id,
                    label: `${g.group_name}（${g.package_name ?? '无套餐'} ${g.price ?? ''}）`,
                  }))}
              />
            </Form.Item>
          )}
          {dialog === 'add' && (
            <Form.Item name="union_ids" label="收费项目" rules={[{ required: true, message: '请选择收费项目' }]}>
              <ResourceSelect
                aria-label="收费项目"
                resource={unionResource}
                mode="multiple"
                labelOf={(u) => `${u.union_name}（${u.union_code}）`}
              />
            </Form.Item>
          )}
          {dialog === 'discount' && (
            <Form.Item name="rate" label="折扣（90即九折）" rules={[{ required: true, message: '请填写折扣' }]}>
              <InputNumber min={1} max={100} step={0.5} precision={1} />
            </Form.Item>
          )}
          {dialog === 'ban' && (
            <Form.Item
              name="reason"
              label="禁检原因"
              rules={[{ required: true, whitespace: true, message: '请填写禁检原因' }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <RemoveItemsDialog
        open={dialog === 'remove'}
        count={ids.length}
        pending={actions.remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={(unionIds) =>
          actions.remove.mutate({ ids, union_ids: unionIds }, { onSuccess: done('退项完成'), onError: fail })
        }
      />
      <Modal
        title="处理结果"
        open={refused !== null}
        onOk={() => setRefused(null)}
        onCancel={() => setRefused(null)}
        cancelButtonProps={{ hidden: true }}
      >
        {refused && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              成功 {refused.done.length} 人，未处理 {refused.refused.length} 人
            </Typography.Text>
            {refused.refused.map((r) => (
              <Typography.Text key={r.id} type="danger">
                {r.cust_name}：{r.reason}
              </Typography.Text>
            ))}
          </Space>
        )}
      </Modal>
    </Card>
  );
}

/** 退项 asks first: only added items not yet done are removed. */
function RemoveItemsDialog(props: {
  open: boolean;
  count: number;
  pending: boolean;
  onCancel(): void;
  onConfirm(unionIds: number[]): void;
}) {
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <Modal
      title={`退项（${props.count}人）`}
      open={props.open}
      onCancel={props.onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={props.onCancel}>
          取消
        </Button>,
        <Popconfirm
          key="ok"
          title={`确定为所选${props.count}人退掉这些项目？已检查或已收费的项目不能退。`}
          onConfirm={() => props.onConfirm(chosen)}
          disabled={chosen.length === 0}
        >
          <Button type="primary" danger loading={props.pending} disabled={chosen.length === 0}>
            退项
          </Button>
        </Popconfirm>,
      ]}
    >
      <ResourceSelect
        aria-label="退项项目"
        resource={unionResource}
        mode="multiple"
        labelOf={(u) => `${u.union_name}（${u.union_code}）`}
        value={chosen}
        onChange={(v) => setChosen(Array.isArray(v) ? v : v ? [v] : [])}
      />
    </Modal>
  );
}
