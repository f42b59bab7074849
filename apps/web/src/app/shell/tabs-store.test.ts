import { describe, expect, it } from 'vitest';
import { HOME_PATH } from '@checkup/api-contract';
import { TABS_STORAGE_KEY, closeTab, loadTabs, openTab, saveTabs, stripCloseTag, type PageTab } from './tabs-store';

const orderMg: PageTab = { path: '/manager/exam_mg/order_mg', search: '', title: '登记管理' };
const detail: PageTab = {
  path: '/manager/exam_mg/order_mg_detail',
  search: '?order_id=20261121000001',
  title: '登记详情',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('page tabs', () => {
  it('always starts with the home tab pinned first', () => {
    expect(loadTabs(memoryStorage()).map((t) => t.path)).toEqual([HOME_PATH]);
    const tabs = openTab(loadTabs(memoryStorage()), orderMg);
    expect(tabs.map((t) => t.path)).toEqual([HOME_PATH, orderMg.path]);
  });

  it('survives a reload through session storage, dropping unknown or corrupt entries', () => {
    const storage = memoryStorage();
    saveTabs([...openTab(loadTabs(storage), orderMg), { path: '/manager/nowhere', search: '', title: 'x' }], storage);
    expect(loadTabs(storage).map((t) => t.path)).toEqual([HOME_PATH, orderMg.path]);

    expect(loadTabs(memoryStorage({ [TABS_STORAGE_KEY]: '{not json' })).map((t) => t.path)).toEqual([HOME_PATH]);
  });

  it('takes titles from the route table, not from storage', () => {
    const storage = memoryStorage({ [TABS_STORAGE_KEY]: JSON.stringify([{ ...orderMg, title: '<b>伪造</b>' }]) });
    expect(loadTabs(storage)[1]!.title).toBe('登记管理');
  });

  it('reopening a page keeps one tab and its newest query', () => {
    let tabs = openTab(loadTabs(memoryStorage()), detail);
    tabs = openTab(tabs, { ...detail, search: '?order_id=20261121000002' });
    expect(tabs.filter((t) => t.path === detail.path)).toEqual([{ ...detail, search: '?order_id=20261121000002' }]);
  });

  it('closing the active tab shows its left neighbour; home cannot be closed', () => {
    const tabs = openTab(openTab(loadTabs(memoryStorage()), orderMg), detail);
    expect(closeTab(tabs, detail.path, detail.path).next?.path).toBe(orderMg.path);
    expect(closeTab(tabs, orderMg.path, detail.path).next).toBeNull();
    expect(closeTab(tabs, HOME_PATH, HOME_PATH).tabs).toHaveLength(3);
  });

  it('recognises and removes the closeTag flag', () => {
    expect(stripCloseTag('?order_id=1&closeTag=1')).toEqual({ search: '?order_id=1', closeTag: true });
    expect(stripCloseTag('?closeTag')).toEqual({ search: '', closeTag: true });
    expect(stripCloseTag('?order_id=1')).toEqual({ search: '?order_id=1', closeTag: false });
  });
});
