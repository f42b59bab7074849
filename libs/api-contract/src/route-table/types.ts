/** The areas under /manager (spec §2); each is one lazy chunk of screens. */
export type Area =
  'exam_mg' | 'crm' | 'finance_mg' | 'bi' | 'after_mg' | 'exam_cfg' | 'management_data' | 'cfg' | 'eim';

/** One screen of the route table as written: a path segment under its parent. */
export interface RouteSpec {
  key: string;
  /** The Chinese title of the glossary: menu, tab, page header and tests use the same one. */
  title: string;
  /** Detail screens open from their list and stay out of the menu. */
  hidden?: boolean;
  /** For a detail screen: the key of the list it opens from (its permission and its tab's neighbour). */
  of?: string;
  /** Offered on the home page's quick access. */
  quickAccess?: boolean;
  /** The page keeps its state (search, scroll, selection) when its tab is revisited. */
  keepAlive?: boolean;
  /**
   * Button-level permissions the screen declares, granted apart from the screen itself (issue 17):
   * action key → Chinese name, e.g. `{ unsign: '反审核' }`, granted as `exam_mg/dept_diag_detail:unsign`.
   */
  actions?: Readonly<Record<string, string>>;
  children?: readonly RouteSpec[];
}

export interface AreaSpec {
  area: Area;
  title: string;
  routes: readonly RouteSpec[];
}

/** Keeps an area's keys as literal types, so screen maps and access keys are checked against the table. */
export function defineArea<const A extends AreaSpec>(area: A): A {
  return area;
}

/** A detail screen, opened from the list `of` (a key in the same area). */
export function detail<const K extends string>(
  key: K,
  title: string,
  of: string,
  actions?: Readonly<Record<string, string>>,
) {
  return { key, title, hidden: true, of, ...(actions ? { actions } : {}) };
}

/** The screen keys of some route specs: each key, and each child's as `parent/child`. */
export type ScreenKeysOf<R extends readonly RouteSpec[]> = R[number] extends infer S
  ? S extends RouteSpec
    ? S['key'] | (S['children'] extends readonly RouteSpec[] ? `${S['key']}/${ScreenKeysOf<S['children']>}` : never)
    : never
  : never;

/** A declared button-level permission of a screen, by name. */
export interface ScreenAction {
  /** e.g. `exam_mg/rev_apr_detail:handle_exception` */
  accessKey: string;
  title: string;
}

/** A route of the table, flattened: what the router, the menu, the tabs and the checks read. */
export interface AppRoute {
  /** e.g. /manager/exam_mg/review_allot/first_review_allot */
  path: string;
  title: string;
  area: Area;
  /** role_menu key: the path below /manager, e.g. exam_mg/order_mg */
  menuKey: string;
  /** The screen's own key inside its area chunk (its path below the area). */
  screenKey: string;
  /** The menu key of the parent group, or of the list a detail screen opens from. */
  parentKey: string | null;
  hidden: boolean;
  quickAccess: boolean;
  keepAlive: boolean;
  /** Has children: a menu group, not a page. */
  isGroup: boolean;
  /** The button-level permissions this screen declares. */
  actions: readonly ScreenAction[];
}
