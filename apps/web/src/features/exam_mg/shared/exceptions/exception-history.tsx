import type { ReactNode } from 'react';
import { App, Button, Descriptions, Empty, Tag, Upload } from 'antd';
import dayjs from 'dayjs';
import { EXCEPTION_IMAGE_RULE } from '@checkup/api-contract';
import type { getExceptionHistory } from './api/get-exception-history';
import { useUploadExceptionImage } from './api/upload-exception-image';

export type ExceptionEntry = Awaited<ReturnType<typeof getExceptionHistory>>[number];

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

interface Props {
  entries: ExceptionEntry[] | undefined;
  error: Error | null;
  /** A last row for an entry, e.g. handling an open one (总检审核). */
  action?: (entry: ExceptionEntry) => ReactNode;
  /** The visit whose records may be given images; without it the history is read-only. */
  uploadFor?: string;
}

const MAX_MB = EXCEPTION_IMAGE_RULE.maxBytes / 1024 / 1024;

/** A visit's exception history, department and chief-examination alike (spec §4 异常历史). */
export function ExceptionHistory({ entries, error, action, uploadFor }: Props) {
  const { message } = App.useApp();
  const upload = useUploadExceptionImage(uploadFor ?? '');

  // The server checks the file again by its bytes; this only spares a large file's journey.
  const send = (entry: ExceptionEntry, file: File) => {
    if (file.size > EXCEPTION_IMAGE_RULE.maxBytes) {
      void message.warning(`图片不能超过${MAX_MB}MB`);
      return;
    }
    upload.mutate(
      { id: entry.id, file },
      {
        onSuccess: () => void message.success('图片已上传'),
        onError: (err) => void message.error(err.message),
      },
    );
  };

  return (
    <>
      <h4 style={{ margin: '12px 0 4px' }}>异常历史</h4>
      {error && <div>{error.message}</div>}
      {entries?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无异常记录" />}
      {entries?.map((h) => {
        const extra = action?.(h);
        return (
          <Descriptions key={h.id} size="small" bordered column={1} style={{ marginBottom: 8 }}>
            <Descriptions.Item label="异常类型">
              {h.exception_type === 'dept' ? '科室异常' : '总检异常'}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {h.review_exception_flag === '2' ? <Tag color="success">已处理</Tag> : <Tag color="error">未处理</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="异常内容">{h.review_exception}</Descriptions.Item>
            {h.union_name && <Descriptions.Item label="组合项目">{h.union_name}</Descriptions.Item>}
            <Descriptions.Item label="科室">{h.exception_dept ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="提出人">
              {h.exception_user}（{when(h.created_at)}）
            </Descriptions.Item>
            {h.review_advise && <Descriptions.Item label="处理意见">{h.review_advise}</Descriptions.Item>}
            <Descriptions.Item label="处理人">
              {h.exception_handler_name ? `${h.exception_handler_name}（${when(h.exception_handler_time)}）` : '-'}
            </Descriptions.Item>
            {(h.exception_images.length > 0 || uploadFor) && (
              <Descriptions.Item label="图片">
                {h.exception_images.map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                    查看图片
                  </a>
                ))}
                {uploadFor && (
                  <Upload
                    accept={EXCEPTION_IMAGE_RULE.types.join(',')}
                    showUploadList={false}
                    beforeUpload={(file) => {
                      send(h, file);
                      return false;
                    }}
                  >
                    <Button size="small" loading={upload.isPending && upload.variables?.id === h.id}>
                      上传图片
                    </Button>
                  </Upload>
                )}
              </Descriptions.Item>
            )}
            {extra && <Descriptions.Item label="处理">{extra}</Descriptions.Item>}
          </Descriptions>
        );
      })}
    </>
  );
}
