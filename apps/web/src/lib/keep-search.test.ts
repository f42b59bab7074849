import { beforeEach, describe, expect, it } from 'vitest';
import { KEEP_SEARCH_KEY, rememberSearch, takeRememberedSearch } from './keep-search';

const orderMg = '/manager/exam_mg/order_mg';

describe('keep_search (spec §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives a remembered filter back once, then nothing', () => {
    rememberSearch(orderMg, { cust_name: '张三', page: 2 });
    expect(takeRememberedSearch(orderMg)).toEqual({ cust_name: '张三', page: 2 });
    expect(takeRememberedSearch(orderMg)).toBeUndefined();
    expect(sessionStorage.getItem(KEEP_SEARCH_KEY)).toBeNull();
  });

  it('keeps one filter per route and the newest per route', () => {
    rememberSearch(orderMg, { page: 1 });
    rememberSearch(orderMg, { page: 3 });
    rememberSearch('/manager/exam_mg/dept_diag', { dept: '内科' });
    expect(takeRememberedSearch(orderMg)).toEqual({ page: 3 });
    expect(takeRememberedSearch('/manager/exam_mg/dept_diag')).toEqual({ dept: '内科' });
  });

  it('treats a corrupt stored value as nothing remembered', () => {
    sessionStorage.setItem(KEEP_SEARCH_KEY, '{oops');
    expect(takeRememberedSearch(orderMg)).toBeUndefined();
    rememberSearch(orderMg, { page: 1 });
    expect(takeRememberedSearch(orderMg)).toEqual({ page: 1 });
  });
});
