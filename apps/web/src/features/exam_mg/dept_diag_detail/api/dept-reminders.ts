import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { deptReminderDoneRoute, deptRemindersRoute, reminderAddRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';
import { deptRecordKey, type DeptRecord } from './get-dept-diagnosis';

/** 本科室的提醒 GET /manager/api/departmentdiagnosis/dept_reminders */
export const deptRemindersQueryOptions = (record: DeptRecord) =>
  queryOptions({
    queryKey: [...deptRecordKey(record), 'reminders'],
    queryFn: () => api.call(deptRemindersRoute, { order_id: record.orderId, exam_dept_id: record.deptId }),
    retry: false,
  });

export const useDeptReminders = (record: DeptRecord) => useQuery(deptRemindersQueryOptions(record));

/** 我要提醒 POST /manager/api/departmentdiagnosis/reminder_add */
export const useAddReminder = ({ orderId, deptId }: DeptRecord) =>
  useMutation({
    mutationFn: ({ to, content }: { to: string; content: string }) =>
      api.call(reminderAddRoute, { order_id: orderId, exam_dept_id: deptId, to, content }),
  });

/** 科室提醒已处理 POST /manager/api/departmentdiagnosis/dept_reminder_done */
export const useDeptReminderDone = ({ deptId }: DeptRecord) =>
  useMutation({ mutationFn: (id: number) => api.call(deptReminderDoneRoute, { id, exam_dept_id: deptId }) });
