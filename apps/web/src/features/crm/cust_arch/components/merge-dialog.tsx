import { useState } from 'react';
import { App, Modal, Radio, Space } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerArchiveResource, customerMergeRoute, type ResourceRow } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { resourceQueryKey } from '../../../../lib/resource/resource-api';

type Row = ResourceRow<typeof customerArchiveResource>;
const describe = (r: Row) => `档案号 ${r.id}：${r.cust_name}，${r.id_card ?? '无身份证号'}，体检 ${r.visit_count} 次`;

/** 合并 of two archives: the user keeps one; the other's visits move to it and the other is removed. */
export function MergeDialog({ pair, onClose }: { pair: [Row, Row]; onClose(done: boolean): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keep, setKeep] = useState(pair[0].id);
  const merge = useMutation({
    mutationFn: () => api.call(customerMergeRoute, { ids: `${pair[0].id},${pair[1].id}`, keep_id: keep }),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceQueryKey(customerArchiveResource) }),
  });
  const other = pair.find((r) => r.id !== keep)!;
  return (
    <Modal
      open
      title="合并客户档案"
      okText="确定合并"
      cancelText="取消"
      okButtonProps={{ loading: merge.isPending, danger: true }}
      onCancel={() => onClose(false)}
      onOk={() =>
        merge.mutate(undefined, {
          onSuccess: (done) => {
            void message.success(`已合并，${done.moved_visits} 次体检并入档案号 ${done.kept_id}`);
            onClose(true);
          },
          onError: (err) => void message.error(err.message),
        })
      }
    >
      <p>请选择保留的档案：</p>
      <Radio.Group value={keep} onChange={(e) => setKeep(e.target.value as number)}>
        <Space orientation="vertical">
          {pair.map((r) => (
            <Radio key={r.id} value={r.id}>
              {describe(r)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <p style={{ marginTop: 12 }}>
        档案号 {other.id} 的体检记录将并入保留的档案，档案号 {other.id} 随后删除，此操作不可撤销。
      </p>
    </Modal>
  );
}
