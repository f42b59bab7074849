import { and, asc, count, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { AppError, type accountResource } from '@checkup/api-contract';
import {
  departments,
  passwordHistory,
  roles,
  storedFiles,
  userDepts,
  userHarmClasses,
  userRoles,
  users,
} from '../../db/schema.js';
import { escapeLike } from '../../lib/like.js';
import type { ResourceBinding, Tx } from '../../lib/resource/serve-resource.js';
import { assertAdminsRemain } from '../access/admins-remain.js';
import type { PasswordKeys } from '../auth/keys.js';
import { acceptNewPassword, readPassword } from '../auth/password-policy.js';

/** What a signature image is stored as (stored_files.purpose). */
export const SIGNATURE_PURPOSE = 'signature';

// "users"."id" written out: drizzle leaves a column unqualified in a query without joins.
const roleIds = sql<number[]>`(select coalesce(jsonb_agg(ur.role_id order by ur.role_id), '[]'::jsonb)
  from user_roles ur where ur.user_id = "users"."id")`;
const roleNames = sql<string>`(select coalesce(string_agg(r.role_name, '、' order by r.sort, r.id), '')
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id")`;
const deptIds = sql<number[]>`(select coalesce(jsonb_agg(ud.dept_id order by ud.dept_id), '[]'::jsonb)
  from user_depts ud where ud.user_id = "users"."id")`;
const deptNames = sql<string>`(select coalesce(string_agg(d.dept_name, '、' order by d.sort, d.id), '')
  from user_depts ud join departments d on d.id = ud.dept_id where ud.user_id = "users"."id")`;
const harmClasses = sql<string[]>`(select coalesce(jsonb_agg(h.harm_category order by h.harm_category), '[]'::jsonb)
  from user_harm_classes h where h.user_id = "users"."id")`;

/** Every chosen id must name an existing row: refused in Chinese rather than by the foreign key. */
async function assertAllChosen(tx: Tx, table: typeof roles | typeof departments, ids: number[], label: string) {
  if (ids.length === 0) return;
  const [found] = await tx.select({ n: count() }).from(table).where(inArray(table.id, ids));
  if (Number(found?.n ?? 0) !== ids.length)
    throw new AppError('VALIDATION', `所选${label}不存在或已被删除，请刷新后重选`);
}

/** The account's roles, departments and harm-factor classes, replaced by the form's. */
async function writeChildren(tx: Tx, userId: number, form: AccountForm) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(form.role_ids.map((roleId) => ({ userId, roleId })));
  await tx.delete(userDepts).where(eq(userDepts.userId, userId));
  if (form.dept_ids.length) await tx.insert(userDepts).values(form.dept_ids.map((deptId) => ({ userId, deptId })));
  await tx.delete(userHarmClasses).where(eq(userHarmClasses.userId, userId));
  const classes = form.occ_conclude ? form.harm_classes : [];
  if (classes.length)
    await tx.insert(userHarmClasses).values(classes.map((harmCategory) => ({ userId, harmCategory })));
}

type AccountForm = Parameters<ResourceBinding<typeof accountResource>['values']>[0];

/**
 * 账号管理 on users (issue 21): never the hash; the status '1'/'0' as enabled; a new account's
 * initial password checked by the policy and to be changed at the first login; after every change
 * and every disabling, some enabled account must still open 角色管理 and 账号管理.
 */
export function accountBinding(keys: PasswordKeys): ResourceBinding<typeof accountResource> {
  return {
    table: users,
    id: users.id,
    enabled: users.status,
    enabledValues: ['0', '1'],
    version: users.version,
    updatedAt: users.updatedAt,
    updatedBy: users.updatedBy,
    fields: {
      user_account: users.userAccount,
      user_name: users.userName,
      phone: users.phone,
      role_ids: roleIds,
      role_names: roleNames,
      all_depts: users.allDepts,
      dept_ids: deptIds,
      dept_names: deptNames,
      special_flag: users.specialFlag,
      discount_floor: users.discountFloor,
      is_leader: users.isLeader,
      occ_conclude: users.occConclude,
      harm_classes: harmClasses,
      signature_file_id: users.signatureFileId,
      remark: users.remark,
      must_change_password: users.mustChangePassword,
      locked_until: users.lockedUntil,
      failed_logins: users.failedLogins,
    },
    values: (form) => ({
      userAccount: form.user_account,
      userName: form.user_name,
      phone: form.phone ?? null,
      allDepts: form.all_depts,
      specialFlag: form.special_flag ? '1' : '0',
      discountFloor: String(form.discount_floor),
      isLeader: form.is_leader,
      occConclude: form.occ_conclude,
      signatureFileId: form.signature_file_id,
      remark: form.remark,
    }),
    where: (filter) => {
      const pattern = filter.key ? `%${escapeLike(filter.key)}%` : undefined;
      return [
        pattern ? or(ilike(users.userAccount, pattern), ilike(users.userName, pattern)) : undefined,
        filter.role_id
          ? sql`exists (select 1 from user_roles ur where ur.user_id = "users"."id" and ur.role_id = ${filter.role_id})`
          : undefined,
        // The accounts that may enter the department's results: its own, and those of every department.
        filter.dept_id
          ? or(
              eq(users.allDepts, true),
              sql`exists (select 1 from user_depts ud where ud.user_id = "users"."id" and ud.dept_id = ${filter.dept_id})`,
            )
          : undefined,
        filter.enabled ? eq(users.status, filter.enabled) : undefined,
        filter.locked ? gt(users.lockedUntil, sql`now()`) : undefined,
      ];
    },
    orderBy: [asc(users.id)],
    unique: [{ column: users.userAccount, field: 'user_account', label: '账号' }],
    secret: ['password'],
    async beforeSave(tx, form, id) {
      await assertAllChosen(tx, roles, form.role_ids, '角色');
      await assertAllChosen(tx, departments, form.dept_ids, '科室');
      if (form.signature_file_id !== null) {
        const [file] = await tx
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(and(eq(storedFiles.id, form.signature_file_id), eq(storedFiles.purpose, SIGNATURE_PURPOSE)));
        if (!file) throw new AppError('VALIDATION', '签名图片不存在，请重新上传');
      }
      if (id !== undefined) return {};
      if (!form.password) throw new AppError('VALIDATION', '请输入初始密码');
      const hash = await acceptNewPassword(tx, readPassword(keys, form.password), form.user_account);
      return { passwordHash: hash, mustChangePassword: true, passwordChangedAt: sql`now()` };
    },
    async afterSave(tx, id, form) {
      await writeChildren(tx, id, form);
      // The history starts with the password the account has (a new account's initial one).
      const [history] = await tx.select({ n: count() }).from(passwordHistory).where(eq(passwordHistory.userId, id));
      if (Number(history?.n ?? 0) === 0) {
        const [user] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
        await tx.insert(passwordHistory).values({ userId: id, passwordHash: user!.hash });
      }
      await assertAdminsRemain(tx);
    },
    async afterEnable(tx) {
      await assertAdminsRemain(tx);
    },
    toRow: (row) => {
      const lockedUntil = row.locked_until as Date | null;
      return {
        ...row,
        enabled: row.enabled === '1',
        special_flag: row.special_flag === '1',
        discount_floor: Number(row.discount_floor),
        locked_until: lockedUntil && lockedUntil > new Date() ? lockedUntil.toISOString() : null,
      };
    },
  };
}
