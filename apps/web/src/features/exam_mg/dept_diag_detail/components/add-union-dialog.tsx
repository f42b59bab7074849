import { useState } from 'react';
import { Alert, App, Modal, Table } from 'antd';
import type { AddableUnion } from '@checkup/api-contract';
import { useAddDeptUnion, useAddableUnions } from '../api/dept-add-union';
import type { DeptRecord } from '../api/get-dept-diagnosis';

interface Props {
  record: DeptRecord;
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/**
 * 科室加项: one of the department's unions not yet on the visit; those the selection rules refuse
 * (mutex, sex) are shown with the reason and cannot be chosen. The line is 自费 and 待收费.
 */
export function AddUnionDialog({ record, open, onClose, onAdded }: Props) {
  const { message } = App.useApp();
  const addable = useAddableUnions(record, open);
  const add = useAddDeptUnion(record);
  const [chosen, setChosen] = useState<number>();

  const submit = () => {
    if (chosen === undefined) {
      void message.warning('请选择要加的组合项目');
      return;
    }
    add.mutate(chosen, {
      onSuccess: ({ price, total_price }) => {
        void message.success(`加项成功：自费 ${price} 元，待收费；订单合计 ${total_price} 元`);
        setChosen(undefined);
        onAdded();
        onClose();
      },
      onError: (err) => void message.error(err.message),
    });
  };

  return (
    <Modal
      title="科室加项"
      open={open}
      okText="加项"
      okButtonProps={{ loading: add.isPending }}
      onOk={submit}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 8 }} title="科室加项按原价自费，登记处收费前显示为待收费。" />
      <Table<AddableUnion>
        size="small"
        rowKey="id"
        loading={addable.isFetching}
        dataSource={addable.data ?? []}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: addable.error?.message ?? '本科室没有可加的组合项目' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen === undefined ? [] : [chosen],
          onChange: (keys) => setChosen(keys[0] as number),
          getCheckboxProps: (row) => ({ disabled: row.refusal !== null, 'aria-label': row.union_name }),
        }}
        onRow={(row) => ({ onClick: () => row.refusal === null && setChosen(row.id) })}
        columns={[
          { title: '组合项目', dataIndex: 'union_name' },
          { title: '价格（元）', dataIndex: 'price', width: 100, align: 'right' },
          {
            title: '说明',
            dataIndex: 'refusal',
            render: (refusal: string | null) => refusal ?? '',
          },
        ]}
      />
    </Modal>
  );
}
