import { App, Checkbox, Form, Modal, Select } from 'antd';
import { WAIVE_MODES, WAIVE_MODE_LABELS, statementCreateRoute, type WaiveMode } from '@checkup/api-contract';
import { useSettleWrite } from '../../shared/settlement/settle-api';

interface Values {
  pre_settle: boolean;
  waive_mode: WaiveMode;
}

/** 新建结算单 (§11.2(c)1–2): 是否预结算 and the 含弃检 mode. */
export function CreateDialog({ groupOrderId, onClose }: { groupOrderId: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useSettleWrite(statementCreateRoute);
  const submit = async (v: Values) => {
    try {
      const made = await create.mutateAsync({
        group_order_id: groupOrderId,
        pre_settle: v.pre_settle ? '1' : '0',
        waive_mode: v.waive_mode,
      });
      void message.success(
        `已生成结算单${made.settlement_no}：${made.person_count}人次，结算金额¥${made.settle_amount}`,
      );
      onClose();
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  return (
    <Modal
      open
      title="新建结算单"
      okText="生成结算单"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ pre_settle: false, waive_mode: 'exclude_waived' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="pre_settle"
          valuePropName="checked"
          extra="不勾选时只结算总检完成的人员；勾选后结算所有已登记人员"
        >
          <Checkbox>预结算</Checkbox>
        </Form.Item>
        <Form.Item name="waive_mode" label="弃检项目">
          <Select aria-label="弃检项目" options={WAIVE_MODES.map((m) => ({ value: m, label: WAIVE_MODE_LABELS[m] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
