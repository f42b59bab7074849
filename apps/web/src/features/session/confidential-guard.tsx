import { useCallback, useEffect, type ReactNode } from 'react';
import { App, Result, Spin } from 'antd';
import { useUserInfo } from './api/get-user-info';
import { CONFIDENTIAL_DENIED_MESSAGE, canViewPerson, type PersonFlag } from './confidential';

/**
 * For an action that opens a person (spec §5): answers whether it may go on, warning
 * 当前账号没有查看保密人员的权限！ when it may not.
 *   const mayView = usePersonGuard();
 *   onClick={() => mayView(row) && navigate(detailPath)}
 */
export function usePersonGuard(): (person: PersonFlag | null | undefined) => boolean {
  const { message } = App.useApp();
  const user = useUserInfo();
  return useCallback(
    (person) => {
      const allowed = canViewPerson(user.data, person);
      if (!allowed) void message.warning(CONFIDENTIAL_DENIED_MESSAGE);
      return allowed;
    },
    [user.data, message],
  );
}

/** A page about one person: its content only for a user allowed to see that person (spec §5). */
export function ConfidentialGuard({
  person,
  children,
}: {
  person: PersonFlag | null | undefined;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const user = useUserInfo();
  const allowed = user.data !== undefined && canViewPerson(user.data, person);
  const refused = user.data !== undefined && !allowed;

  useEffect(() => {
    if (refused) void message.warning(CONFIDENTIAL_DENIED_MESSAGE);
  }, [refused, message]);

  if (user.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!allowed) return <Result status="403" title="无权查看" subTitle={CONFIDENTIAL_DENIED_MESSAGE} />;
  return children;
}
