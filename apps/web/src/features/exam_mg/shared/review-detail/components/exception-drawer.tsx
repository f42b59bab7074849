import { useState } from 'react';
import { App, Button, Drawer, Input, Popconfirm, Space } from 'antd';
import { ExceptionHistory } from '../../exceptions/exception-history';
import {
  useExceptionHistory,
  useHandleException,
  useRecallAbnormal,
  useSetReviewException,
} from '../api/review-exceptions';

interface Props {
  orderId: string;
  open: boolean;
  readOnly: boolean;
  onClose: () => void;
  onChanged: () => void;
}

/**
 * 总检异常: mark a chief-examination exception with its reason, handle open ones, recall the
 * abnormal-report status (spec §4), and read the visit's exception history.
 */
export function ExceptionDrawer({ orderId, open, readOnly, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [advise, setAdvise] = useState<Record<number, string>>({});
  const history = useExceptionHistory(orderId, open);
  const mark = useSetReviewException(orderId);
  const handle = useHandleException(orderId);
  const recall = useRecallAbnormal(orderId);
  const hasOpen = history.data?.some((h) => h.review_exception_flag !== '2') ?? false;

  const done = (text: string) => {
    void message.success(text);
    void history.refetch();
    onChanged();
  };
  const fail = (err: Error) => void message.error(err.message);

  const submit = () => {
    if (!reason.trim()) return void message.warning('请填写异常原因');
    mark.mutate(reason.trim(), {
      onSuccess: () => {
        setReason('');
        done('已标记总检异常');
      },
      onError: fail,
    });
  };

  const handleOne = (id: number) => {
    const note = advise[id]?.trim();
    if (!note) return void message.warning('请填写处理意见');
    handle.mutate({ id, advise: note }, { onSuccess: () => done('异常已处理'), onError: fail });
  };

  return (
    <Drawer title="总检异常" open={open} onClose={onClose} size={560} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {!readOnly && (
          <>
            <Input.TextArea
              aria-label="异常原因"
              placeholder="填写总检异常原因，如结果与病史不符需复核"
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Space>
              <Button type="primary" danger loading={mark.isPending} onClick={submit}>
                标记异常
              </Button>
              <Popconfirm
                title="撤回异常报告状态"
                description="未处理的异常将全部置为已处理，报告恢复可打印。"
                okText="撤回"
                cancelText="取消"
                disabled={!hasOpen}
                onConfirm={() =>
                  recall.mutate(reason.trim() || '复核无误', {
                    onSuccess: (r) => done(`已撤回异常报告状态（处理 ${r.handled} 条）`),
                    onError: fail,
                  })
                }
              >
                <Button disabled={!hasOpen} loading={recall.isPending}>
                  撤回异常
                </Button>
              </Popconfirm>
            </Space>
          </>
        )}
        <ExceptionHistory
          entries={history.data}
          error={history.error}
          uploadFor={readOnly ? undefined : orderId}
          action={(h) =>
            h.review_exception_flag !== '2' &&
            !readOnly && (
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  aria-label="处理意见"
                  placeholder="处理意见"
                  value={advise[h.id] ?? ''}
                  onChange={(e) => setAdvise((a) => ({ ...a, [h.id]: e.target.value }))}
                />
                <Button loading={handle.isPending} onClick={() => handleOne(h.id)}>
                  处理
                </Button>
              </Space.Compact>
            )
          }
        />
      </Space>
    </Drawer>
  );
}
