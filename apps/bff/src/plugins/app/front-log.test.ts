import { describe, expect, it } from 'vitest';
import { maskPersonalData, neutraliseControls, sanitiseFrontLog } from './front-log.js';

describe('front-end log sanitising', () => {
  it('neutralises CR, LF and other control characters', () => {
    expect(neutraliseControls('a\r\nINFO forged\u0000b\u001b[31m')).toBe(
      'a\\u000d\\u000aINFO forged\\u0000b\\u001b[31m',
    );
  });

  it('masks ID numbers, mobile numbers and JSON name fields', () => {
    const text = '{"cust_name":"张三丰","name":"李四","id":"11010519491231002X","tel":"13812345678"}';
    expect(maskPersonalData(text)).toBe(
      '{"cust_name":"张*丰","name":"李*","id":"110105********002X","tel":"138****5678"}',
    );
  });

  it('leaves longer digit runs such as order ids alone', () => {
    expect(maskPersonalData('order 202611210000000123456')).toBe('order 202611210000000123456');
  });

  it('cleans both the content and the source', () => {
    const clean = sanitiseFrontLog({ log_type: 'error', log_source: 'web\nfake', log_content: 'id 110105491231002' });
    expect(clean).toEqual({ log_type: 'error', log_source: 'web\\u000afake', log_content: 'id 110105*****1002' });
  });
});
