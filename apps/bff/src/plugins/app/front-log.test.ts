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

  it('masks names, labelled names and passwords in what the browser sent (issue 17 §2)', () => {
    const clean = sanitiseFrontLog({
      log_type: 'error',
      log_source: '体检系统',
      log_content: JSON.stringify({ message: '保存失败 姓名：欧阳娜娜 password=Checkup@2026', custName: '张三丰' }),
    });
    expect(JSON.parse(clean.log_content)).toEqual({ message: '保存失败 姓名：欧**娜 password=***', custName: '张*丰' });
  });
});
