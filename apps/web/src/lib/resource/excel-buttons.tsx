import { useState } from 'react';
import { App, Button, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_MODE_LABELS, IMPORT_MODES, type AnyResource, type ImportResult } from '@checkup/api-contract';
import { api } from '../api';
import { saveBlob, useResourceWrites } from './resource-api';

const today = () => new Date().toLocaleDateString('sv-SE');

/** 导出: the list's current filter as .xlsx, streamed by the server; the bytes received so far are shown. */
export function ExportButton({ resource, filter }: { resource: AnyResource; filter: Record<string, unknown> }) {
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | null>(null);
  const run = async () => {
    setReceived(0);
    try {
      const blob = await api.download(resource.routes.export, filter as never, setReceived);
      saveBlob(blob, `${resource.spec.title}-${today()}.xlsx`);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setReceived(null);
    }
  };
  return (
    <Space>
      <Button icon={<DownloadOutlined aria-hidden />} loading={received !== null} onClick={() => void run()}>
        导出
      </Button>
      {received !== null && (
        <Typography.Text type="secondary" aria-live="polite">
          已下载 {Math.round(received / 1024)} KB
        </Typography.Text>
      )}
    </Space>
  );
}

/** 导入: an .xlsx in the export's columns; all rows or only the valid ones; refused rows in a report. */
export function ImportButton({ resource }: { resource: AnyResource }) {
  const { message } = App.useApp();
  const { importFile } = useResourceWrites(resource);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<(typeof IMPORT_MODES)[number]>('all');
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);

  const close = () => {
    setOpen(false);
    setFile(null);
    setResult(null);
    setPercent(0);
  };
  const send = () => {
    if (!file) return void message.warning('请选择要导入的Excel文件');
    importFile.mutate(
      { file, mode, onProgress: setPercent },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.failed === 0) void message.success(`已导入${answer.imported}条${resource.spec.title}`);
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };
  const downloadReport = async (id: number) => {
    try {
      saveBlob(
        await api.download(resource.routes.importReport, { id } as never),
        `${resource.spec.title}导入错误报告.xlsx`,
      );
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal
        title={`导入${resource.spec.title}`}
        open={open}
        onCancel={close}
        okText="开始导入"
        cancelText="关闭"
        onOk={send}
        confirmLoading={importFile.isPending}
        okButtonProps={{ disabled: result !== null }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            请使用“导出”得到的表格填写：第一行是列名，每行一条；编码已存在的行会修改原记录。
          </Typography.Text>
          <Upload
            accept=".xlsx"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setResult(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>选择Excel文件</Button>
          </Upload>
          <Radio.Group
            aria-label="导入方式"
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={IMPORT_MODES.map((m) => ({ value: m, label: IMPORT_MODE_LABELS[m] }))}
          />
          {importFile.isPending && <Progress percent={percent} aria-label="上传进度" />}
          {result && (
            <Space orientation="vertical">
              <Typography.Text>
                共 {result.total} 行，导入 {result.imported} 行，错误 {result.failed} 行
                {result.failed > 0 && mode === 'all' ? '（有错误，未导入任何行）' : ''}
              </Typography.Text>
              {result.report_id !== null && (
                <Button type="link" onClick={() => void downloadReport(result.report_id!)} style={{ padding: 0 }}>
                  下载错误报告
                </Button>
              )}
            </Space>
          )}
        </Space>
      </Modal>
    </>
  );
}
