import { useState } from 'react';
import { App, Button, Drawer, Input, Space, Tag } from 'antd';
import { useExceptionHistory } from '../../shared/exceptions/api/get-exception-history';
import { useSetDeptException } from '../api/set-dept-exception';
import type { DeptRecord } from '../api/get-dept-diagnosis';
import { ExceptionHistory } from '../../shared/exceptions/exception-history';

interface Props {
  record: DeptRecord;
  open: boolean;
  flag: string;
  readOnly: boolean;
  onClose: () => void;
  onChanged: () => void;
}

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
        <ExceptionHistory
          entries={history.data}
          error={history.error}
          uploadFor={readOnly ? undefined : record.orderId}
        />
      </Space>
    </Drawer>
  );
}
