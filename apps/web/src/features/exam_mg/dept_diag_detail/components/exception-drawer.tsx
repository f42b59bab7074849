import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Empty, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useExceptionHistory } from '../api/get-exception-history';
import { useSetDeptException } from '../api/set-dept-exception';
import type { DeptRecord } from '../api/get-dept-diagnosis';

interface Props {
  record: DeptRecord;
  open: boolean;
  flag: string;
  readOnly: boolean;
  onClose: () => void;
  onChanged: () => void;
}

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

/** The department exception with its reason, and the order's exception history (spec §3, §4). */
export function ExceptionDrawer({ record, open, flag, readOnly, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const history = useExceptionHistory(record.orderId, open);
  const setException = useSetDeptException(record);
  const abnormal = flag === '1';

  const submit = () => {
    if (!reason.trim()) {
      void message.warning('请填写异常原因');
      return;
    }
    setException.mutate(
      { flag: abnormal ? '0' : '1', reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(abnormal ? '已解除科室异常' : '已标记科室异常');
          setReason('');
          void history.refetch();
          onChanged();
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };

  return (
    <Drawer title="科室异常" open={open} onClose={onClose} size={520} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <div>当前：{abnormal ? <Tag color="error">科室异常</Tag> : <Tag color="success">正常</Tag>}</div>
        {!readOnly && (
          <>
            <Input.TextArea
              aria-label={abnormal ? '处理说明' : '异常原因'}
              placeholder={abnormal ? '填写解除异常的处理说明' : '填写异常原因，如受检者拒检、设备故障'}
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button type="primary" danger={!abnormal} loading={setException.isPending} onClick={submit}>
              {abnormal ? '解除异常' : '标记异常'}
            </Button>
          </>
        )}
        <h4 style={{ margin: '12px 0 4px' }}>异常历史</h4>
        {history.isError && <div>{history.error.message}</div>}
        {history.data?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无异常记录" />}
        {history.data?.map((h) => (
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
            {h.exception_images.length > 0 && (
              <Descriptions.Item label="图片">
                {h.exception_images.map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
                    查看图片
                  </a>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>
        ))}
      </Space>
    </Drawer>
  );
}
