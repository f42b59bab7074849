import { useState } from 'react';
import { unionResource, type ResourceRow } from '@checkup/api-contract';
import { Alert, App, Button, Card, Popconfirm, Space, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useResourceList, useResourceWrites } from '../../../lib/resource/resource-api';
import { ResourceSelect } from '../../../lib/resource/resource-select';
import { recordPath, useRecord, useRecordId } from '../shared/record-page/use-record';

type Union = ResourceRow<typeof unionResource>;
const formKeys = Object.keys(unionResource.spec.form.shape);

/** A union as its save takes it, with other exclusions: the rest of the union is saved as read. */
const withMutex = (union: Union, mutexIds: number[]) => ({
  ...Object.fromEntries(formKeys.map((key) => [key, union[key as keyof Union]])),
  mutex_ids: JSON.stringify(mutexIds),
  id: union.id,
  version: union.version,
});

/**
 * 互斥配置 (exam_cfg/mutex_cfg?id=…): the unions one union may not be ordered with. An exclusion holds
 * both ways (A excludes B ⇒ B excludes A: the server keeps each pair once), so removing it here also
 * removes it from the other union.
 */
export default function MutexCfg() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useRecordId();
  const union = useRecord(unionResource, id).data;
  const mutexIds = union?.mutex_ids ?? [];
  const others = useResourceList(unionResource, { ids: mutexIds.join(','), page: 1, size: 200 }, mutexIds.length > 0);
  const writes = useResourceWrites(unionResource);
  const [adding, setAdding] = useState<number | null>(null);

  const save = (ids: number[], done: string) =>
    union &&
    writes.save.mutate(withMutex(union, ids), {
      onSuccess: () => {
        void message.success(done);
        setAdding(null);
      },
      onError: (error) => void message.error(error.message),
    });

  return (
    <Card
      title={union ? `互斥配置：${union.union_name}` : '互斥配置'}
      extra={<Button onClick={() => void navigate('/manager/exam_cfg/union_cfg')}>返回组合项目</Button>}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <span>组合项目</span>
        <div style={{ width: 280 }}>
          <ResourceSelect
            resource={unionResource}
            labelOf={(u) => `${u.union_name}（${u.union_code}）`}
            aria-label="选择组合项目"
            placeholder="选择要配置互斥的组合项目"
            value={id}
            onChange={(next) => typeof next === 'number' && void navigate(recordPath('mutex_cfg', next))}
          />
        </div>
      </Space>
      {id === null ? (
        <Alert type="info" showIcon title="请选择一个组合项目，或在组合项目列表中点击“互斥”" />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <div style={{ width: 280 }}>
              <ResourceSelect
                resource={unionResource}
                labelOf={(u) => `${u.union_name}（${u.union_code}）`}
                aria-label="添加互斥项目"
                placeholder="搜索要互斥的组合项目"
                value={adding}
                onChange={(next) => setAdding(typeof next === 'number' ? next : null)}
              />
            </div>
            <Button
              type="primary"
              disabled={!union || adding === null || adding === id || mutexIds.includes(adding ?? 0)}
              loading={writes.save.isPending}
              onClick={() => adding !== null && save([...mutexIds, adding], '已添加互斥项目')}
            >
              添加互斥
            </Button>
          </Space>
          <Table<Union>
            rowKey="id"
            size="small"
            pagination={false}
            loading={others.isFetching}
            dataSource={mutexIds.length ? ((others.data?.list ?? []) as unknown as Union[]) : []}
            locale={{ emptyText: '没有互斥的组合项目' }}
            columns={[
              { title: '组合编码', dataIndex: 'union_code', width: 120 },
              { title: '组合名称', dataIndex: 'union_name', width: 200 },
              { title: '科室', dataIndex: 'dept_name', width: 140 },
              {
                title: '操作',
                key: 'remove',
                width: 100,
                render: (_value, other) => (
                  <Popconfirm
                    title={`确定取消与“${other.union_name}”的互斥？（双向取消）`}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() =>
                      save(
                        mutexIds.filter((m) => m !== other.id),
                        '已取消互斥',
                      )
                    }
                  >
                    <Button type="link" size="small" danger>
                      移除
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
