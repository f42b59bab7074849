import { describe, expect, it } from 'vitest';
import { judgeKioskRequest } from './guard.js';

const allowed = (method: string, url: string, headers = {}) => judgeKioskRequest(method, url, headers).allowed;

describe('kiosk guard', () => {
  it('allows the self-print page, its assets and the allowlisted calls', () => {
    expect(allowed('GET', '/')).toBe(true);
    expect(allowed('GET', '/assets/index-DsbupxOD.js')).toBe(true);
    // A chunk whose name has a dot and whose hash has dashes (refused once, so the kiosk page never ran).
    expect(allowed('GET', '/assets/dayjs.min-DMAkmS1-.js')).toBe(true);
    expect(allowed('GET', '/assets/index-CjH_hnTi.css')).toBe(true);
    expect(allowed('GET', '/manager/api/commondata/version')).toBe(true);
    expect(allowed('GET', '/manager/api/selfprint/report_list?order_id=1')).toBe(true);
    expect(allowed('POST', '/manager/api/selfprint/find_examinee')).toBe(true);
  });

  it.each([
    ['GET', '/manager/api/login/user_info'],
    ['POST', '/manager/api/login/login'],
    ['POST', '/manager/api/commondata/version'],
    ['GET', '/manager/api/selfprint/find_examinee'],
    ['HEAD', '/manager/api/commondata/version'],
    ['OPTIONS', '/manager/api/commondata/version'],
    ['GET', '/manager/api/commondata/version/'],
    ['GET', '/manager/api/CommonData/version'],
    ['GET', '/manager/api/selfprint/../login/user_info'],
    ['GET', '/manager/api/selfprint/%2e%2e/login/user_info'],
    ['GET', '/manager/api/selfprint%2Freport_list'],
    ['GET', '//manager/api/commondata/version'],
    ['GET', '/manager/api/./commondata/version'],
    ['GET', '/manager/api/commondata/version;x'],
    ['GET', '/docs'],
    ['GET', '/metrics'],
    ['GET', '/assets/../index.html'],
    ['GET', '/assets/..js'],
    ['GET', '/assets/a..js'],
    ['GET', '/assets/.hidden'],
    ['GET', '/assets/x.js?v=1'],
    ['GET', '/manager\\api/commondata/version'],
  ])('refuses %s %s', (method, url) => {
    expect(allowed(method, url)).toBe(false);
  });

  it('refuses any method-override header', () => {
    expect(allowed('POST', '/manager/api/selfprint/find_examinee', { 'x-http-method-override': 'DELETE' })).toBe(false);
    expect(allowed('GET', '/', { 'x-method-override': 'POST' })).toBe(false);
  });
});
