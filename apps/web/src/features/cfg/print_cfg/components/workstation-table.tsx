import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { PRINT_DOCUMENT_KEYS, type Workstation } from '@checkup/api-contract';
import { useRemoveWorkstation } from '../api/remove-workstation';
import { useWorkstations } from '../api/get-workstations';
import { SETTING_LABELS } from '../settings-form';

/** The labels of what a workstation sets itself. */
function ownSettings(workstation: Workstation): string[] {
  const { printers, ...rest } = workstation.overrides;
  const own = Object.keys(rest).map((key) => SETTING_LABELS[key as keyof typeof rest]);
  return [...own, ...PRINT_DOCUMENT_KEYS.filter((doc) => printers?.[doc] !== undefined).map((d) => SETTING_LABELS[d])];
}

/** 工作站设置: every named workstation, what it sets itself, to edit or remove. */
export function WorkstationTable({ thisId, onEdit }: { thisId: string | undefined; onEdit: (w: Workstation) => void }) {
  const { message } = App.useApp();
  const list = useWorkstations();
  const remove = useRemoveWorkstation();

  return (
    <Card size="small" title="工作站设置">
      <Table<Workstation>
        size="small"
        rowKey="workstation_id"
        loading={list.isPending}
        dataSource={list.data}
        pagination={false}
        locale={{ emptyText: list.isError ? list.error.message : '还没有命名的工作站：在电脑上第一次打印时会提示命名' }}
        columns={[
          {
            title: '工作站名称',
            dataIndex: 'workstation_name',
            render: (name: string, w) => (
              <Space size={4}>
                {name}
                {w.workstation_id === thisId && <Tag color="green">本机</Tag>}
              </Space>
            ),
          },
          {
            title: '单独设置',
            render: (_, w) => {
              const own = ownSettings(w);
              return own.length > 0 ? (
                own.map((label) => <Tag key={label}>{label}</Tag>)
              ) : (
                <Typography.Text type="secondary">无（使用默认设置）</Typography.Text>
              );
            },
          },
          {
            title: '最后修改',
            dataIndex: 'updated_at',
            width: 150,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            width: 120,
            render: (_, w) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit(w)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除工作站“${w.workstation_name}”？`}
                  description="它的单独设置一并删除，该电脑下次打印时会重新提示命名。"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove.mutateAsync(w.workstation_id).then(
                      () => void message.success(`已删除工作站“${w.workstation_name}”`),
                      (error: Error) => void message.error(error.message),
                    )
                  }
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
