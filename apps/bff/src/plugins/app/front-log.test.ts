import { describe, expect, it } from 'vitest';
import { neutraliseControls, sanitiseFrontLog } from './front-log.js';

describe('front-end log sanitising', () => {
  it('neutralises CR, LF and other control characters', () => {
    expect(neutraliseControls('a\r\nINFO forged\u0000b\u001b[31m')).toBe(
      'a\\u000d\\u000aINFO forged\\u0000b\\u001b[31m',
    );
  });

  it('cleans both the content and the source', () => {
    const clean = sanitiseFrontLog({ log_type: 'error', log_source: 'web\nfake', log_content: 'id 110105491231002' });
    expect(clean).toEqual({ log_type: 'error', log_source: 'web\\u000afake', log_content: 'id 110105*****1002' });
  });
});
