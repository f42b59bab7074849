import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Card } from 'antd';
import { ReminderList } from '../../reminders/reminder-list';
import { reviewRemindersQueryOptions, useReviewReminderDone, useReviewReminders } from '../api/review-reminders';

/** 科室提醒: the notes the departments left for 总检 about this visit (我要提醒), with 已处理. */
export function RemindersPanel({ orderId }: { orderId: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reminders = useReviewReminders(orderId);
  const done = useReviewReminderDone();
  const [pendingId, setPendingId] = useState<number>();
  const list = reminders.data ?? [];
  if (list.length === 0) return null;
  const open = list.filter((r) => !r.done_at).length;

  const onDone = (id: number) => {
    setPendingId(id);
    done.mutate(id, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewRemindersQueryOptions(orderId).queryKey }),
      onError: (err) => void message.error(err.message),
      onSettled: () => setPendingId(undefined),
    });
  };

  return (
    <Card
      size="small"
      style={{ marginBottom: 8 }}
      title={
        <Badge count={open} size="small" offset={[8, 0]}>
          科室提醒
        </Badge>
      }
    >
      <ReminderList reminders={list} onDone={onDone} pendingId={pendingId} />
    </Card>
  );
}
