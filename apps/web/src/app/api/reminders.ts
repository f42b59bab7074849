import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myRemindersRoute, readRemindersRoute, type ReminderKind } from '@checkup/api-contract';
import { api } from '../../lib/api';

const REMINDERS_KEY = ['reminders', 'mine'] as const;
/** The bell looks again every minute: overdue reports and critical values change all day. */
const POLL_MS = 60_000;

/** 我的提醒 GET /manager/api/reminders/mine */
export const getMyReminders = (kind?: ReminderKind) => api.call(myRemindersRoute, kind ? { kind } : {});

export const myRemindersQueryOptions = (kind?: ReminderKind) =>
  queryOptions({
    queryKey: [...REMINDERS_KEY, kind ?? 'all'],
    queryFn: () => getMyReminders(kind),
    refetchInterval: POLL_MS,
  });

export const useMyReminders = (kind?: ReminderKind) => useQuery(myRemindersQueryOptions(kind));

/** 标记提醒已读 POST /manager/api/reminders/read: the keys given, or all when none. */
export const readReminders = (keys: readonly string[]) => api.call(readRemindersRoute, { keys: [...keys] });

export function useReadReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readReminders,
    onSettled: () => client.invalidateQueries({ queryKey: REMINDERS_KEY }),
  });
}
