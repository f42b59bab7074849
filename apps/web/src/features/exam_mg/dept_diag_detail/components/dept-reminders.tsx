import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import { ReminderList } from '../../shared/reminders/reminder-list';
import { deptRemindersQueryOptions, useDeptReminderDone, useDeptReminders } from '../api/dept-reminders';
import type { DeptRecord } from '../api/get-dept-diagnosis';

/** The notes other departments left for this one about the visit (我要提醒), with 已处理. */
export function DeptReminders({ record }: { record: DeptRecord }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reminders = useDeptReminders(record);
  const done = useDeptReminderDone(record);
  const [pendingId, setPendingId] = useState<number>();
  const received = reminders.data?.received ?? [];
  if (received.length === 0) return null;
  const open = received.filter((r) => !r.done_at).length;

  const onDone = (id: number) => {
    setPendingId(id);
    done.mutate(id, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: deptRemindersQueryOptions(record).queryKey }),
      onError: (err) => void message.error(err.message),
      onSettled: () => setPendingId(undefined),
    });
  };

  return (
    <Alert
      type={open > 0 ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 8 }}
      title={open > 0 ? `其他科室的提醒（${open}条未处理）` : '其他科室的提醒（均已处理）'}
      description={<ReminderList reminders={received} onDone={onDone} pendingId={pendingId} />}
    />
  );
}
