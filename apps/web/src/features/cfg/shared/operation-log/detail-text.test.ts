import { describe, expect, it } from 'vitest';
import { detailText } from './detail-text';

describe('detailText (操作日志)', () => {
  it("reads a status change in the centre's words, with its reason", () => {
    expect(
      detailText(
        'order_status',
        JSON.stringify({ action: 'start_exam', from: 'checked_in', to: 'in_exam', reason: null }),
      ),
    ).toBe('开始检查：已报到 → 检查中');
    expect(
      detailText(
        'order_status',
        JSON.stringify({ action: 'return_to_depts', from: 'first_trial', to: 'in_exam', reason: '血常规漏项' }),
      ),
    ).toBe('退回科室：已初审 → 检查中；原因：血常规漏项');
  });

  it('lists other particulars by name, leaving blanks out', () => {
    expect(detailText('confidential_access', JSON.stringify({ customer_id: 7, purpose: '体检详情' }))).toBe(
      '客户：7；用途：体检详情',
    );
    expect(detailText('login_failed', JSON.stringify({ undecryptable: true, reason: null }))).toBe('密码无法解密：是');
    expect(detailText('service_type_switch', JSON.stringify({ from: 1, to: 2 }))).toBe('原：1；新：2');
  });

  it('shows nothing for no particulars and other text as it is', () => {
    expect(detailText('logout', null)).toBe('');
    expect(detailText('x', '"plain"')).toBe('"plain"');
    expect(detailText('x', 'not json')).toBe('not json');
  });
});
