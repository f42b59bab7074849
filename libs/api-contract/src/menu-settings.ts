import { z } from 'zod';
import { optionalTextField } from './resource/form-fields.js';
import { route } from './route.js';
import { AREAS, APP_ROUTES, isAllowed } from './route-table/route-table.js';
import type { AppRoute, Area } from './route-table/types.js';

/**
 * 菜单分类 (cfg/menu_classification, breadth §7): the route table stays the source of the screens;
 * the centre keeps only its overrides — an area's or group's title, the order of the entries inside
 * it, entries hidden from the menu, and the home page's quick-access entries. Hiding only hides:
 * the permission check reads role_menu as before.
 */

/** One stored override, by menu key (an area key such as `exam_cfg`, or a route's menu key). */
export const menuSettingSchema = z.object({
  menu_key: z.string(),
  /** An area's or group's own title instead of the table's; null keeps the table's. */
  title: z.string().nullable(),
  /** Position among its siblings; null keeps the table's. */
  sort: z.number().int().nullable(),
  hidden: z.boolean(),
  /** Offered on the home page; null keeps the table's quickAccess. */
  quick_access: z.boolean().nullable(),
});
export type MenuSetting = z.infer<typeof menuSettingSchema>;

export const menuSettingRowSchema = menuSettingSchema.extend({
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type MenuSettingRow = z.infer<typeof menuSettingRowSchema>;

export type MenuNodeKind = 'area' | 'group' | 'screen';

/** An entry of the effective menu: the table's entry with the centre's overrides applied. */
export interface MenuNode {
  key: string;
  kind: MenuNodeKind;
  title: string;
  /** The route table's title. */
  defaultTitle: string;
  area: Area;
  /** The route of a group or screen; null for an area. */
  route: AppRoute | null;
  hidden: boolean;
  quickAccess: boolean;
  /** Whether the centre changed the entry's own title, order, visibility or quick access. */
  changed: boolean;
  children: MenuNode[];
}

/**
 * The effective menu: every area, group and screen of the route table (detail screens stay out of
 * the menu), each sibling list in the centre's order, with titles, hidden and quick-access flags.
 */
export function menuTree(settings: readonly MenuSetting[]): MenuNode[] {
  const byKey = new Map(settings.map((s) => [s.menu_key, s]));
  const order = (nodes: MenuNode[]) =>
    nodes
      .map((node, index) => ({ node, at: byKey.get(node.key)?.sort ?? index, index }))
      .sort((a, b) => a.at - b.at || a.index - b.index)
      .map((entry) => entry.node);
  const nodeOf = (key: string, kind: MenuNodeKind, defaultTitle: string, area: Area, r: AppRoute | null): MenuNode => {
    const s = byKey.get(key);
    const children =
      kind === 'screen'
        ? []
        : order(
            APP_ROUTES.filter((c) => c.area === area && !c.hidden && c.parentKey === (r?.menuKey ?? null)).map((c) =>
              nodeOf(c.menuKey, c.isGroup ? 'group' : 'screen', c.title, area, c),
            ),
          );
    const quickAccess = kind === 'screen' ? (s?.quick_access ?? r?.quickAccess ?? false) : false;
    return {
      key,
      kind,
      title: (kind !== 'screen' && s?.title) || defaultTitle,
      defaultTitle,
      area,
      route: r,
      hidden: s?.hidden ?? false,
      quickAccess,
      changed: s !== undefined,
      children,
    };
  };
  return order(AREAS.map((a) => nodeOf(a.area, 'area', a.title, a.area, null)));
}

/** A node of the tree by key; undefined for a key the tree does not have. */
export function findMenuNode(tree: readonly MenuNode[], key: string): MenuNode | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const found = findMenuNode(node.children, key);
    if (found) return found;
  }
  return undefined;
}

/** The side menu of one account: the effective tree without hidden entries, nor what role_menu does not open. */
export function visibleMenu(tree: readonly MenuNode[], roleMenu: readonly string[]): MenuNode[] {
  return tree
    .filter((node) => !node.hidden && (node.route === null || isAllowed(node.route, roleMenu)))
    .map((node) => ({ ...node, children: visibleMenu(node.children, roleMenu) }))
    .filter((node) => node.kind === 'screen' || node.children.length > 0);
}

/** The home page's quick access of one account: screens it may open offered there, in menu order. */
export function quickAccessRoutes(tree: readonly MenuNode[], roleMenu: readonly string[]): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'screen' && node.quickAccess && node.route && isAllowed(node.route, roleMenu))
        out.push(node.route);
      walk(node.children);
    }
  };
  walk(tree);
  return out;
}

/** One entry of a saved area or group, in its new order. */
export const menuEntrySchema = z.object({
  menu_key: z.string({ error: '菜单项格式不正确' }).max(128, '菜单项格式不正确'),
  hidden: z.boolean({ error: '隐藏标记格式不正确' }),
  quick_access: z.boolean({ error: '快捷入口标记格式不正确' }),
});

/** JSON text as forms carry it (spec §7: forms travel as text). */
function jsonOf<T extends z.ZodType>(schema: T, label: string) {
  return z.string({ error: `请传递${label}` }).transform((text, ctx): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label}格式不正确` });
      return z.NEVER;
    }
    return parsed.data;
  });
}

const parentKeyField = z
  .string({ error: '请选择要调整的菜单' })
  .trim()
  .min(1, '请选择要调整的菜单')
  .max(128, '菜单不存在');

/** 菜单设置 GET /manager/api/cfg/menu_settings — what every signed-in shell builds its menu from. */
export const menuSettingsRoute = route({
  method: 'GET',
  path: '/manager/api/cfg/menu_settings',
  summary: '当前生效的菜单设置（分类标题、排序、隐藏、首页快捷入口）',
  access: 'signed-in',
  input: z.object({}),
  output: z.array(menuSettingSchema),
});

/** 菜单分类列表 GET /manager/api/cfg/menu_classification/list */
export const menuClassificationListRoute = route({
  method: 'GET',
  path: '/manager/api/cfg/menu_classification/list',
  summary: '菜单分类的全部设置，含修改人和版本',
  access: ['cfg/menu_classification'],
  input: z.object({}),
  output: z.array(menuSettingRowSchema),
});

/** 保存菜单分类 POST /manager/api/cfg/menu_classification/save — one area or group at a time. */
export const menuClassificationSaveRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/menu_classification/save',
  summary: '保存一个模块或分组的标题、菜单项顺序、隐藏和快捷入口',
  access: ['cfg/menu_classification'],
  input: z.object({
    parent_key: parentKeyField,
    title: optionalTextField('分类名称', 16),
    entries: jsonOf(z.array(menuEntrySchema, { error: '菜单项格式不正确' }).max(200, '菜单项过多'), '菜单项'),
    /** The versions of the settings the screen read (menu key → version), for the stale-save check. */
    versions: jsonOf(z.record(z.string(), z.number().int(), { error: '版本号格式不正确' }), '版本号'),
  }),
  output: z.array(menuSettingRowSchema),
});

/** 恢复默认菜单 POST /manager/api/cfg/menu_classification/reset */
export const menuClassificationResetRoute = route({
  method: 'POST',
  path: '/manager/api/cfg/menu_classification/reset',
  summary: '把一个模块或分组恢复为路由表的标题、顺序和快捷入口',
  access: ['cfg/menu_classification'],
  input: z.object({ parent_key: parentKeyField }),
  output: z.array(menuSettingRowSchema),
});

export const MENU_SETTINGS_ROUTES = [
  menuSettingsRoute,
  menuClassificationListRoute,
  menuClassificationSaveRoute,
  menuClassificationResetRoute,
] as const;
