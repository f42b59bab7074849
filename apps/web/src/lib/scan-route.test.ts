import { beforeEach, describe, expect, it } from 'vitest';
import { SCAN_ROUTE_KEY, clearScanRoutes, markScanRoute, scanRoutes } from './scan-route';

describe('scanRoute markers (spec §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('lists the self-print routes visited, once each, in order', () => {
    markScanRoute('/self_print');
    markScanRoute('/self_print/scan_idcard');
    markScanRoute('/self_print');
    markScanRoute('/self_print/report_list');
    expect(scanRoutes()).toEqual(['/self_print', '/self_print/scan_idcard', '/self_print/report_list']);
    expect(JSON.parse(sessionStorage.getItem(SCAN_ROUTE_KEY)!)).toEqual(scanRoutes());
  });

  it('ignores routes outside self-print', () => {
    markScanRoute('/manager/exam_mg/home_page');
    markScanRoute('/self_printer');
    expect(scanRoutes()).toEqual([]);
  });

  it('clears the list', () => {
    markScanRoute('/self_print/user_info');
    clearScanRoutes();
    expect(scanRoutes()).toEqual([]);
    expect(sessionStorage.getItem(SCAN_ROUTE_KEY)).toBeNull();
  });

  it('reads a corrupt list as empty', () => {
    sessionStorage.setItem(SCAN_ROUTE_KEY, '[1,');
    expect(scanRoutes()).toEqual([]);
    sessionStorage.setItem(SCAN_ROUTE_KEY, '["/self_print", 3]');
    expect(scanRoutes()).toEqual(['/self_print']);
  });
});
