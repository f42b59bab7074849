import { eq } from 'drizzle-orm';
import { AppError, mayOpen } from '@checkup/api-contract';
import { users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { roleMenuOf } from '../auth/session-repository.js';

/** The two screens through which a centre administers itself (issue 21). */
export const ADMIN_SCREENS = ['cfg/role_mg', 'cfg/priv_cfg'] as const;

export const NO_ADMIN_LEFT = '至少要保留一个能打开角色管理和账号管理的启用账号，此操作已拒绝';

/** Whether a role menu opens both 角色管理 and 账号管理. */
export const administers = (roleMenu: readonly string[]) => ADMIN_SCREENS.every((s) => mayOpen(s, roleMenu));

/**
 * Run inside the transaction of a change to accounts or roles, after the change: refuses it (and so
 * rolls it back) when no enabled account could open both 角色管理 and 账号管理 any more — the last such
 * account cannot be disabled, lose the role, or have the role emptied or disabled under it.
 */
export async function assertAdminsRemain(tx: Tx): Promise<void> {
  const rows = await tx.select({ roleMenu: roleMenuOf() }).from(users).where(eq(users.status, '1'));
  if (!rows.some((r) => administers(r.roleMenu ?? []))) throw new AppError('VALIDATION', NO_ADMIN_LEFT);
}
