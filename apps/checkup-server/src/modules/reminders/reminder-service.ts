import { and, between, eq, inArray, lt, ne } from 'drizzle-orm';
import {
  CONTRACT_EXPIRY_DAYS,
  REPORT_PROMISE_DAYS,
  mayOpen,
  type Reminder,
  type ReminderKind,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { contracts, criticalValues, notices, orders, reminderReads, userRoles } from '../../db/schema.js';
import { addDays, todayCst } from '../../db/demo/dates.js';

/** Visits past these stages have their report: 终审 done, printed or sent. */
const BEFORE_REPORT = ['checked_in', 'in_exam', 'depts_done', 'first_trial', 'main_trial'];

type Unread = Omit<Reminder, 'read'>;

/**
 * A computed reminder: one line per kind with today's count, keyed by day and count, so it is unread
 * again the next day or when the count changes. Only for an account that may open the screen.
 */
interface Computed {
  kind: Exclude<ReminderKind, 'notice'>;
  screen: string;
  count(db: Db, today: string): Promise<number>;
  title(count: number): string;
  content(count: number): string;
}

const COMPUTED: readonly Computed[] = [
  {
    kind: 'overdue_report',
    screen: 'exam_mg/rev_apr',
    count: (db, today) =>
      db.$count(
        orders,
        and(inArray(orders.status, BEFORE_REPORT), lt(orders.examDate, addDays(today, -REPORT_PROMISE_DAYS))),
      ),
    title: (n) => `${n}份报告已超期`,
    content: () => `体检${REPORT_PROMISE_DAYS}天后仍未终审的报告，请尽快总检审核。`,
  },
  {
    kind: 'critical_value',
    screen: 'exam_mg/ser_dis_mg',
    count: (db) => db.$count(criticalValues, ne(criticalValues.status, '2')),
    title: (n) => `${n}条危急值未处理`,
    content: () => '已提报或已通知、尚未专家处理的危急值，请在危急值管理中处理。',
  },
  {
    kind: 'contract_expiry',
    screen: 'crm/cntr_book',
    count: (db, today) =>
      db.$count(
        contracts,
        and(
          eq(contracts.status, 'signed'),
          eq(contracts.isActive, true),
          between(contracts.validTo, today, addDays(today, CONTRACT_EXPIRY_DAYS)),
        ),
      ),
    title: (n) => `${n}份合同即将到期`,
    content: () => `${CONTRACT_EXPIRY_DAYS}天内到期的单位合同，请及时续签。`,
  },
];

/** The notices meant for this account today: to everyone, to it, or to a role it holds. */
async function noticesFor(db: Db, user: UserInfo, today: string): Promise<Unread[]> {
  const held = new Set(
    (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.id),
  );
  const live = await db.select().from(notices).where(eq(notices.enabled, true));
  return live
    .filter((n) => !n.validUntil || n.validUntil >= today)
    .filter(
      (n) =>
        (n.roleIds.length === 0 && n.userIds.length === 0) ||
        n.userIds.includes(user.id) ||
        n.roleIds.some((id) => held.has(id)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((n) => ({
      key: `notice:${n.id}`,
      kind: 'notice' as const,
      title: n.title,
      content: n.content,
      screen: null,
      created_at: n.createdAt.toISOString(),
    }));
}

/** The account's reminders, notices first, each with whether it has read it. */
export async function remindersFor(db: Db, user: UserInfo, now = new Date()): Promise<Reminder[]> {
  const today = todayCst(now);
  const computed: Unread[] = [];
  for (const c of COMPUTED) {
    if (!mayOpen(c.screen, user.role_menu)) continue;
    const n = await c.count(db, today);
    if (n > 0)
      computed.push({
        key: `${c.kind}:${today}:${n}`,
        kind: c.kind,
        title: c.title(n),
        content: c.content(n),
        screen: c.screen,
        created_at: now.toISOString(),
      });
  }
  const all = [...(await noticesFor(db, user, today)), ...computed];
  if (all.length === 0) return [];
  const read = new Set(
    (
      await db
        .select({ key: reminderReads.reminderKey })
        .from(reminderReads)
        .where(
          and(
            eq(reminderReads.userId, user.id),
            inArray(
              reminderReads.reminderKey,
              all.map((r) => r.key),
            ),
          ),
        )
    ).map((r) => r.key),
  );
  return all.map((r) => ({ ...r, read: read.has(r.key) }));
}

/** Marks reminders read for the account: the keys given among its current ones, or all of them. */
export async function markRead(db: Db, user: UserInfo, keys: readonly string[]): Promise<number> {
  const current = await remindersFor(db, user);
  const chosen = current.filter((r) => !r.read && (keys.length === 0 || keys.includes(r.key)));
  if (chosen.length > 0)
    await db
      .insert(reminderReads)
      .values(chosen.map((r) => ({ userId: user.id, reminderKey: r.key })))
      .onConflictDoNothing();
  return current.filter((r) => !r.read).length - chosen.length;
}
