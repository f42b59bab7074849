import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Progress, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { groupListImportRoute, groupListReportRoute, type GroupListImportOutcome } from '@checkup/api-contract';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/resource/resource-api';
import { GroupListTemplates } from '../shared/group-list-templates';
import { percentOf, pollTask, type TaskProgress } from './poll-task';

/** 导入名单: the upload, its progress (bytes sent, then rows written) and the rows refused, per row. */
export function ImportPanel({ orderId, closed }: { orderId: number; closed: boolean }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState(0);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [outcome, setOutcome] = useState<GroupListImportOutcome | null>(null);

  const run = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    setProgress(null);
    setUploaded(0);
    try {
      const { ticket } = await api.upload(groupListImportRoute, { id: orderId }, file, setUploaded);
      const done = await pollTask(ticket, setProgress);
      setOutcome(done.imported);
      void message.success(`导入完成：新增${done.imported?.imported ?? 0}人，更新${done.imported?.updated ?? 0}人`);
      void client.invalidateQueries({ queryKey: ['crm', 'group-list'] });
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const report = (id: number) =>
    void api
      .download(groupListReportRoute, { id })
      .then((blob) => saveBlob(blob, '名单导入错误报告.xlsx'))
      .catch((error: Error) => void message.error(error.message));

  return (
    <Card
      size="small"
      title="导入名单"
      style={{ marginTop: 16 }}
      extra={
        <Space>
          <GroupListTemplates />
          <Upload
            accept=".xlsx"
            showUploadList={false}
            disabled={closed || busy}
            beforeUpload={(file) => {
              void run(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} disabled={closed}>
              选择名单文件导入
            </Button>
          </Upload>
        </Space>
      }
    >
      {closed && <Alert type="warning" showIcon title="订单已结束，不能导入人员" />}
      {busy && (
        <Progress
          aria-label="导入进度"
          percent={percentOf(uploaded, progress)}
          status="active"
          format={(p) => (progress?.total ? `${progress.done}/${progress.total}` : `${p}%`)}
        />
      )}
      {outcome && (
        <>
          <Alert
            type={outcome.failed > 0 ? 'warning' : 'success'}
            showIcon
            title={`共${outcome.total}行：新增${outcome.imported}人，更新${outcome.updated}人，未导入${outcome.failed}行`}
            action={
              outcome.report_id !== null && (
                <Button size="small" icon={<DownloadOutlined />} onClick={() => report(outcome.report_id!)}>
                  下载错误报告
                </Button>
              )
            }
          />
          {outcome.errors.length > 0 && (
            <Table
              size="small"
              style={{ marginTop: 8 }}
              rowKey={(e) => `${e.line}`}
              dataSource={outcome.errors}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: '行号', dataIndex: 'line', width: 80 },
                { title: '姓名', dataIndex: 'name', width: 120 },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
