import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Typography } from 'antd';
import { REMINDER_TO_REVIEW, mayCall, orderDeptUnsignRoute } from '@checkup/api-contract';
import { useUserInfo } from '../../../session/api/get-user-info';
import { ReminderList } from '../../shared/reminders/reminder-list';
import { deptRemindersQueryOptions, useAddReminder, useDeptReminders } from '../api/dept-reminders';
import type { DeptRecord } from '../api/get-dept-diagnosis';
import { useUnsignDept } from '../api/unsign-dept';
import { AddUnionDialog } from './add-union-dialog';
import { CriticalReportDialog } from './critical-report-dialog';

interface Props {
  record: DeptRecord;
  signed: boolean;
  /** The record lock is held and the visit is still in exam: the department may change it. */
  editable: boolean;
  lockHeld: boolean;
  onChanged: () => void;
}

type Dialog = 'unsign' | 'add' | 'remind' | 'critical' | null;

/** The extra buttons of department entry: 反审核, 科室加项, 我要提醒 (issue 19) and 危急值提报 (issue 20). */
export function DeptExtraActions({ record, signed, editable, lockHeld, onChanged }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const user = useUserInfo();
  const mayUnsign = mayCall(orderDeptUnsignRoute, user.data?.role_menu ?? []);
  const close = () => setDialog(null);
  return (
    <>
      {signed && mayUnsign && (
        <Button disabled={!lockHeld} onClick={() => setDialog('unsign')}>
          反审核
        </Button>
      )}
      <Button disabled={!editable} onClick={() => setDialog('add')}>
        科室加项
      </Button>
      <Button onClick={() => setDialog('remind')}>我要提醒</Button>
      <Button danger onClick={() => setDialog('critical')}>
        危急值提报
      </Button>
      <UnsignDialog record={record} open={dialog === 'unsign'} onClose={close} onDone={onChanged} />
      <AddUnionDialog record={record} open={dialog === 'add'} onClose={close} onAdded={onChanged} />
      <ReminderDialog record={record} open={dialog === 'remind'} onClose={close} />
      <CriticalReportDialog record={record} open={dialog === 'critical'} onClose={close} />
    </>
  );
}

interface DialogProps {
  record: DeptRecord;
  open: boolean;
  onClose: () => void;
}

/** 反审核 with its required reason; the server says who may and until when. */
function UnsignDialog({ record, open, onClose, onDone }: DialogProps & { onDone: () => void }) {
  const { message } = App.useApp();
  const unsign = useUnsignDept(record);
  const [reason, setReason] = useState('');
  const submit = () => {
    if (!reason.trim()) {
      void message.warning('请填写反审核原因');
      return;
    }
    unsign.mutate(reason.trim(), {
      onSuccess: () => {
        void message.success('已反审核，本科室可重新录入并签名');
        setReason('');
        onDone();
        onClose();
      },
      onError: (err) => void message.error(err.message),
    });
  };
  return (
    <Modal
      title="反审核"
      open={open}
      okText="确认反审核"
      okButtonProps={{ danger: true, loading: unsign.isPending }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        撤销本科室签名，总检开始前由签名医生或本科室负责人操作。
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="反审核原因"
        placeholder="请填写反审核原因（必填）"
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}

/** 我要提醒: a note to another department of the visit or to 总检, and the notes already sent. */
function ReminderDialog({ record, open, onClose }: DialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reminders = useDeptReminders(record);
  const add = useAddReminder(record);
  const [to, setTo] = useState<string>(REMINDER_TO_REVIEW);
  const [content, setContent] = useState('');
  const targets = [
    { value: REMINDER_TO_REVIEW, label: '总检' },
    ...(reminders.data?.targets ?? []).map((d) => ({ value: String(d.exam_dept_id), label: d.dept_name })),
  ];
  const submit = () => {
    if (!content.trim()) {
      void message.warning('请填写提醒内容');
      return;
    }
    add.mutate(
      { to, content: content.trim() },
      {
        onSuccess: () => {
          void message.success('提醒已发送');
          setContent('');
          void queryClient.invalidateQueries({ queryKey: deptRemindersQueryOptions(record).queryKey });
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };
  const sent = reminders.data?.sent ?? [];
  return (
    <Modal
      title="我要提醒"
      open={open}
      okText="发送提醒"
      okButtonProps={{ loading: add.isPending }}
      onOk={submit}
      onCancel={onClose}
      width={600}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select aria-label="提醒对象" value={to} onChange={setTo} options={targets} style={{ width: 200 }} />
        <Input.TextArea
          aria-label="提醒内容"
          placeholder="如：受检者自述胸闷，请总检关注"
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={500}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        {sent.length > 0 && (
          <>
            <Typography.Text strong>本科室已发出的提醒</Typography.Text>
            <ReminderList reminders={sent} showTarget />
          </>
        )}
      </Space>
    </Modal>
  );
}
