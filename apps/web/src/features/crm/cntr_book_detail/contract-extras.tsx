import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  contractAttachmentRoute,
  contractAttachmentsRoute,
  contractGroupOrdersRoute,
  uploadContractAttachmentRoute,
} from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/resource/resource-api';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** 合同附件: the contract's PDF/image files, uploaded through the one file store and downloaded by name. */
export function ContractAttachments({ contractId }: { contractId: number }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['crm', 'contract-attachments', contractId];
  const list = useQuery({ queryKey: key, queryFn: () => api.call(contractAttachmentsRoute, { id: contractId }) });
  const upload = useMutation({
    mutationFn: (file: File) => api.upload(uploadContractAttachmentRoute, { id: contractId }, file),
    onSuccess: () => {
      void message.success('附件已上传');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void message.error(error.message),
  });
  const download = (fileId: number, name: string) =>
    api
      .download(contractAttachmentRoute, { file_id: fileId })
      .then((blob) => saveBlob(blob, name))
      .catch((error: Error) => void message.error(error.message));
  return (
    <Card
      size="small"
      title="合同附件"
      style={{ marginTop: 16 }}
      extra={
        <Upload
          accept=".pdf,.jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            上传附件（PDF/JPG/PNG）
          </Button>
        </Upload>
      }
    >
      <Table
        size="small"
        rowKey="file_id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无附件' }}
        columns={[
          { title: '文件名', dataIndex: 'file_name' },
          { title: '大小', dataIndex: 'size_bytes', width: 100, render: (n: number) => kb(n) },
          {
            title: '上传时间',
            dataIndex: 'uploaded_at',
            width: 180,
            render: (t: string) => new Date(t).toLocaleString('zh-CN'),
          },
          {
            title: '操作',
            width: 80,
            render: (_, f) => (
              <Button type="link" size="small" onClick={() => void download(f.file_id, f.file_name)}>
                下载
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** 关联团检订单: the company's group visits within the contract's period (read-only). */
export function ContractGroupOrders({ contractId }: { contractId: number }) {
  const list = useQuery({
    queryKey: ['crm', 'contract-group-orders', contractId],
    queryFn: () => api.call(contractGroupOrdersRoute, { id: contractId }),
  });
  return (
    <Card size="small" title="关联团检订单（合同期内该单位分组的体检）" style={{ marginTop: 16 }}>
      <Table
        size="small"
        rowKey="order_id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: '暂无关联的团检订单' }}
        columns={[
          { title: '体检号', dataIndex: 'order_id', width: 180 },
          { title: '体检日期', dataIndex: 'exam_date', width: 120 },
          { title: '分组', dataIndex: 'group_name' },
          { title: '状态', dataIndex: 'status', width: 120 },
        ]}
      />
    </Card>
  );
}
