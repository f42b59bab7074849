import { describe, expect, it } from 'vitest';
import { APP_ROUTES, AREAS, HOME_PATH, isAllowed, mayOpen, routeOf } from './route-table.js';

describe('route table (spec §2)', () => {
  it('has one route per path, each with a Chinese title', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of APP_ROUTES) expect(route.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('nests children under their parent and keeps detail screens as their own routes', () => {
    expect(routeOf('/manager/exam_mg/review_allot/first_review_allot')).toMatchObject({
      title: '初审分配',
      parentKey: 'exam_mg/review_allot',
    });
    expect(routeOf('/manager/bi/workload/register')?.title).toBe('登记');
    expect(routeOf('/manager/exam_mg/order_mg_detail')).toMatchObject({ hidden: true, parentKey: 'exam_mg/order_mg' });
    expect(routeOf('/manager/exam_mg/review_allot')?.isGroup).toBe(true);
  });

  it('names every screen of spec §2 by the glossary', () => {
    const titles = Object.fromEntries(APP_ROUTES.map((r) => [r.menuKey, r.title]));
    expect(titles).toMatchObject({
      'exam_mg/home_page': '首页',
      'exam_mg/rev_apr': '总检审核',
      'exam_mg/ser_dis_mg': '危急值管理',
      'exam_cfg/union_cfg': '组合项目',
      'cfg/par_cfg': '参数设置',
      'eim/EimInfoImport': '外检信息导入',
      'exam_cfg/self_defined_template/barcode': '条码',
    });
    expect(APP_ROUTES.filter((r) => r.parentKey === 'bi/finance_report')).toHaveLength(12);
    expect(APP_ROUTES.filter((r) => r.parentKey === 'bi/query_report')).toHaveLength(6);
    expect(AREAS.map((a) => a.area)).toEqual([
      'exam_mg',
      'crm',
      'finance_mg',
      'bi',
      'after_mg',
      'exam_cfg',
      'management_data',
      'cfg',
      'eim',
    ]);
  });

  it('points every detail screen at a list that exists', () => {
    const keys = new Set(APP_ROUTES.map((r) => r.menuKey));
    for (const route of APP_ROUTES.filter((r) => r.hidden)) expect(keys.has(route.parentKey!)).toBe(true);
  });

  it('lets role_menu keys open their screens, their children and their details', () => {
    const route = (path: string) => routeOf(path)!;
    const doctor = ['exam_mg', 'exam_mg/dept_diag', 'exam_mg/review_allot'];
    expect(isAllowed(route('/manager/exam_mg/dept_diag'), doctor)).toBe(true);
    expect(isAllowed(route('/manager/exam_mg/dept_diag_detail'), doctor)).toBe(true);
    expect(isAllowed(route('/manager/exam_mg/review_allot/last_review_allot'), doctor)).toBe(true);
    expect(isAllowed(route('/manager/exam_mg/rev_apr'), doctor)).toBe(false);
    expect(isAllowed(route('/manager/cfg/par_cfg'), ['*'])).toBe(true);
  });

  it('answers by menu key whether a role opens a screen, and no for a key the table does not know', () => {
    expect(mayOpen('cfg/cache_mg', ['cfg/cache_mg'])).toBe(true);
    expect(mayOpen('cfg/log_front', ['*'])).toBe(true);
    expect(mayOpen('exam_mg/dept_diag_detail', ['exam_mg/dept_diag'])).toBe(true);
    expect(mayOpen('cfg/log_front', ['cfg', 'cfg/cache_mg'])).toBe(false);
    expect(mayOpen('cfg/nowhere', ['cfg/nowhere'])).toBe(false);
  });

  it('finds routes with or without a trailing slash, and nothing for unknown paths', () => {
    expect(routeOf(`${HOME_PATH}/`)?.title).toBe('首页');
    expect(routeOf('/manager/exam_mg/nowhere')).toBeUndefined();
  });
});
