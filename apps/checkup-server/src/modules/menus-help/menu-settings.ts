import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AppError,
  findMenuNode,
  menuClassificationListRoute,
  menuClassificationResetRoute,
  menuClassificationSaveRoute,
  menuSettingsRoute,
  menuTree,
  type MenuNode,
  type MenuSettingRow,
  type UserInfo,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { menuSettings, users } from '../../db/schema.js';
import type { Tx } from '../../lib/resource/serve-resource.js';
import { defineRoute } from '../../lib/define-route.js';
import { recordAudit } from '../audit/repository.js';

const updater = alias(users, 'menu_updater');

/** Each entry's place among its siblings in the route table itself. */
const TABLE_ORDER = new Map(
  (function walk(nodes: readonly MenuNode[]): [string, number][] {
    return nodes.flatMap((n, i) => [[n.key, i] as [string, number], ...walk(n.children)]);
  })(menuTree([])),
);

async function settingRows(db: Db | Tx): Promise<MenuSettingRow[]> {
  const rows = await db
    .select({
      menu_key: menuSettings.menuKey,
      title: menuSettings.title,
      sort: menuSettings.sort,
      hidden: menuSettings.hidden,
      quick_access: menuSettings.quickAccess,
      version: menuSettings.version,
      updated_at: menuSettings.updatedAt,
      updated_by_name: updater.userName,
    })
    .from(menuSettings)
    .leftJoin(updater, eq(updater.id, menuSettings.updatedBy))
    .orderBy(asc(menuSettings.menuKey));
  return rows.map((r) => ({ ...r, updated_at: r.updated_at?.toISOString() ?? null }));
}

/** An area or group of the current menu: what one save or reset changes. */
async function parentOf(tx: Tx, key: string): Promise<MenuNode> {
  const node = findMenuNode(menuTree(await settingRows(tx)), key);
  if (!node || node.kind === 'screen') throw new AppError('VALIDATION', '只能调整模块或分组中的菜单项');
  return node;
}

interface Wanted {
  title: string | null;
  sort: number | null;
  hidden: boolean;
  quick_access: boolean | null;
}

/**
 * Writes what one area or group now holds (its title; its entries' order, hidden and quick-access
 * flags), removing the rows that are back to the route table's defaults.
 */
async function writeSettings(tx: Tx, user: UserInfo, wanted: ReadonlyMap<string, Partial<Wanted>>) {
  const keys = [...wanted.keys()];
  const current = new Map(
    (await tx.select().from(menuSettings).where(inArray(menuSettings.menuKey, keys))).map((r) => [r.menuKey, r]),
  );
  for (const [key, change] of wanted) {
    const row = current.get(key);
    const next: Wanted = {
      title: row?.title ?? null,
      sort: row?.sort ?? null,
      hidden: row?.hidden ?? false,
      quick_access: row?.quickAccess ?? null,
      ...change,
    };
    const isDefault = next.title === null && next.sort === null && !next.hidden && next.quick_access === null;
    const values = { title: next.title, sort: next.sort, hidden: next.hidden, quickAccess: next.quick_access };
    const same =
      row &&
      row.title === next.title &&
      row.sort === next.sort &&
      row.hidden === next.hidden &&
      row.quickAccess === next.quick_access;
    if (same) continue;
    if (isDefault) {
      if (row) await tx.delete(menuSettings).where(eq(menuSettings.id, row.id));
    } else if (row) {
      await tx
        .update(menuSettings)
        .set({ ...values, version: sql`${menuSettings.version} + 1`, updatedAt: sql`now()`, updatedBy: user.id })
        .where(eq(menuSettings.id, row.id));
    } else {
      await tx.insert(menuSettings).values({ menuKey: key, ...values, updatedAt: sql`now()`, updatedBy: user.id });
    }
  }
}

/** Someone saved this area or group since the screen read it: refused with who and when. */
async function assertUnchanged(tx: Tx, keys: readonly string[], seen: Readonly<Record<string, number>>) {
  const rows = (await settingRows(tx)).filter((r) => keys.includes(r.menu_key));
  const stale = rows.find((r) => seen[r.menu_key] !== r.version);
  const gone = keys.some((k) => seen[k] !== undefined && !rows.some((r) => r.menu_key === k));
  if (!stale && !gone) return;
  const at = stale?.updated_at
    ? new Date(stale.updated_at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })
    : '';
  throw new AppError(
    'CONFLICT',
    stale
      ? `该菜单已被${stale.updated_by_name ?? '其他用户'}于${at}修改，请刷新后重试`
      : '该菜单已被修改，请刷新后重试',
  );
}

const auditOf = (user: UserInfo, node: MenuNode) => ({
  userId: user.id,
  userAccount: user.user_account,
  target: `menu:${node.key}`,
});

/** 菜单分类 (breadth §7): the effective settings for every shell, and their keeping. */
export function menuSettingsRoutes(app: FastifyInstance, db: Db) {
  defineRoute(app, menuSettingsRoute, async () =>
    (await settingRows(db)).map(({ menu_key, title, sort, hidden, quick_access }) => ({
      menu_key,
      title,
      sort,
      hidden,
      quick_access,
    })),
  );

  defineRoute(app, menuClassificationListRoute, () => settingRows(db));

  defineRoute(app, menuClassificationSaveRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const node = await parentOf(tx, input.parent_key);
      const childKeys = node.children.map((c) => c.key);
      const given = input.entries.map((e) => e.menu_key);
      if (
        given.length !== childKeys.length ||
        new Set(given).size !== given.length ||
        !given.every((k) => childKeys.includes(k))
      )
        throw new AppError('VALIDATION', '菜单项与当前菜单不一致，请刷新后重试');
      await assertUnchanged(tx, [node.key, ...childKeys], input.versions);

      // The table's own order and quick access are stored as null, so that they follow the table.
      const byKey = new Map(node.children.map((c) => [c.key, c]));
      const wanted = new Map<string, Partial<Wanted>>();
      wanted.set(node.key, { title: titleOf(node, input.title) });
      input.entries.forEach((entry, position) => {
        const child = byKey.get(entry.menu_key)!;
        const tableQuick = child.route?.quickAccess ?? false;
        wanted.set(entry.menu_key, {
          sort: TABLE_ORDER.get(entry.menu_key) === position ? null : position,
          hidden: entry.hidden,
          quick_access: child.kind === 'screen' && entry.quick_access !== tableQuick ? entry.quick_access : null,
        });
      });
      await writeSettings(tx, user, wanted);
      await recordAudit(tx, request, 'menu_settings_save', {
        ...auditOf(user, node),
        detail: {
          title: input.title,
          entries: input.entries.map((e) => ({ ...e, title: byKey.get(e.menu_key)!.defaultTitle })),
        },
      });
      return settingRows(tx);
    }),
  );

  defineRoute(app, menuClassificationResetRoute, async ({ input, user, request }) =>
    db.transaction(async (tx) => {
      const node = await parentOf(tx, input.parent_key);
      const wanted = new Map<string, Partial<Wanted>>([[node.key, { title: null }]]);
      for (const child of node.children) wanted.set(child.key, { sort: null, hidden: false, quick_access: null });
      await writeSettings(tx, user, wanted);
      await recordAudit(tx, request, 'menu_settings_reset', {
        ...auditOf(user, node),
        detail: { title: node.defaultTitle },
      });
      return settingRows(tx);
    }),
  );
}

/** A title equal to the table's is no override. */
function titleOf(node: MenuNode, title: string | null): string | null {
  return title && title !== node.defaultTitle ? title : null;
}
