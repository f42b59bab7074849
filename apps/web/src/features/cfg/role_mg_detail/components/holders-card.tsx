import { useState } from 'react';
import { App, Button, Card, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { RoleHolder } from '@checkup/api-contract';
import { useChangeHolders, useRoleCandidates, useRoleHolders } from '../api/role-holders';

const PAGE_SIZE = 10;

/** The accounts holding a role: 添加账号 gives it to more, 取消授权 takes it from one. */
export function HoldersCard({ roleId }: { roleId: number }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState(false);
  const [key, setKey] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const holders = useRoleHolders(roleId, page, PAGE_SIZE);
  const candidates = useRoleCandidates(roleId, key, picking);
  const add = useChangeHolders(roleId, 'add');
  const remove = useChangeHolders(roleId, 'remove');
  const fail = (error: Error) => void message.error(error.message);

  const confirmAdd = () =>
    add.mutate(chosen, {
      onSuccess: () => {
        void message.success('已分配角色');
        setPicking(false);
        setChosen([]);
      },
      onError: fail,
    });

  return (
    <Card
      size="small"
      title="持有该角色的账号"
      extra={
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setPicking(true)}>
          添加账号
        </Button>
      }
    >
      <Table<RoleHolder>
        size="small"
        rowKey="user_id"
        loading={holders.isFetching}
        dataSource={holders.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: holders.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '账号', dataIndex: 'user_account' },
          { title: '姓名', dataIndex: 'user_name' },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (enabled: boolean) => (enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '操作',
            key: 'actions',
            render: (_v, row) => (
              <Popconfirm
                title={`确定取消${row.user_name}的该角色？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() =>
                  remove.mutate([row.user_id], { onSuccess: () => void message.success('已取消授权'), onError: fail })
                }
              >
                <Button type="link" size="small" danger>
                  取消授权
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal
        title="添加账号"
        open={picking}
        okText="确定"
        cancelText="取消"
        okButtonProps={{ disabled: chosen.length === 0, loading: add.isPending }}
        onOk={confirmAdd}
        onCancel={() => setPicking(false)}
      >
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setKey }}
          style={{ width: '100%' }}
          aria-label="选择账号"
          placeholder="输入账号或姓名搜索"
          value={chosen}
          onChange={setChosen}
          loading={candidates.isFetching}
          options={(candidates.data ?? []).map((c) => ({
            value: c.user_id,
            label: `${c.user_name}（${c.user_account}）`,
          }))}
        />
      </Modal>
    </Card>
  );
}
