import { queryOptions, useQuery } from '@tanstack/react-query';
import { noticeRoleOptionsRoute, userSimpleListRoute } from '@checkup/api-contract';
import { api } from '../../../../lib/api';

/** 公告可选角色 GET /manager/api/reminders/notice/roles */
export const getNoticeRoles = () => api.call(noticeRoleOptionsRoute, {});
/** 用户简单列表 GET /manager/api/user/user_simple_list */
export const getSimpleUsers = () => api.call(userSimpleListRoute, {});

export const noticeRolesQueryOptions = queryOptions({
  queryKey: ['remind_data', 'roles'],
  queryFn: getNoticeRoles,
  staleTime: 60_000,
});
export const simpleUsersQueryOptions = queryOptions({
  queryKey: ['user', 'simple_list'],
  queryFn: getSimpleUsers,
  staleTime: 60_000,
});

/** Whom a notice may be addressed to: the enabled roles and the accounts. */
export function useNoticeRecipients() {
  const roles = useQuery(noticeRolesQueryOptions);
  const users = useQuery(simpleUsersQueryOptions);
  return {
    roles: (roles.data ?? []).map((r) => ({ value: r.id, label: r.role_name })),
    users: (users.data ?? []).map((u) => ({ value: u.id, label: u.user_name })),
  };
}
