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
  children?: RouteSpec[];
}

export interface AreaSpec {
  area: Area;
  title: string;
  routes: RouteSpec[];
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
}
