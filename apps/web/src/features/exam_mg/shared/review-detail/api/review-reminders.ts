import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { reviewReminderDoneRoute, reviewRemindersRoute } from '@checkup/api-contract';
import { api } from '../../../../../lib/api';

/** 总检提醒 GET /manager/api/examreview/order_reminders */
export const reviewRemindersQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId, 'review', 'reminders'],
    queryFn: () => api.call(reviewRemindersRoute, { order_id: orderId }),
    retry: false,
  });

export const useReviewReminders = (orderId: string) => useQuery(reviewRemindersQueryOptions(orderId));

/** 总检提醒已处理 POST /manager/api/examreview/order_reminder_done */
export const useReviewReminderDone = () =>
  useMutation({ mutationFn: (id: number) => api.call(reviewReminderDoneRoute, { id }) });
