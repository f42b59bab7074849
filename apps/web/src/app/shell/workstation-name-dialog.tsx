import { App, Form, Input, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workstationNameField } from '@checkup/api-contract';
import { nameWorkstation, PRINT_CFG_KEY } from '../../lib/workstation/print-config';
import { ensureWorkstationId } from '../../lib/workstation/workstation-id';
import { useWorkstationPrompt } from '../../lib/workstation/workstation-prompt';

/** The contract's rule for a name, so the dialog refuses what the server would, in the same words. */
const nameRule = {
  validator: (_: unknown, value: unknown) => {
    const checked = workstationNameField.safeParse(value ?? '');
    return checked.success ? Promise.resolve() : Promise.reject(new Error(checked.error.issues[0]?.message));
  },
};

/**
 * 为本工作站命名: asked once per browser, the first time it prints (or from 打印配置), so an
 * administrator can give this PC its own printers and addresses. Declining prints with the centre's.
 */
export function WorkstationNameDialog() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { open, answer } = useWorkstationPrompt();
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: (name: string) => nameWorkstation(ensureWorkstationId(), name),
    onSuccess: async (workstation) => {
      await queryClient.invalidateQueries({ queryKey: [PRINT_CFG_KEY] });
      void message.success(`本工作站已命名为“${workstation.workstation_name}”`);
      form.resetFields();
      answer(true);
    },
    onError: (error) => void message.error(error.message),
  });

  return (
    <Modal
      open={open}
      title="为本工作站命名"
      okText="保存"
      cancelText="暂不命名"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={() => answer(false)}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        打印设置按工作站保存。请为这台电脑起一个名称（例如“登记台1”），管理员可在“打印配置”中为它单独设置打印机和打印服务地址；暂不命名时使用全中心默认设置。
      </Typography.Paragraph>
      <Form form={form} onFinish={({ name }) => save.mutate(name.trim())} aria-label="工作站命名">
        <Form.Item label="工作站名称" name="name" rules={[nameRule]}>
          <Input maxLength={32} autoFocus placeholder="例如：登记台1" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
