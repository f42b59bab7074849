import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName, maskPersonalText, maskPhone, maskUrl } from './masking.js';

describe('masking', () => {
  it('keeps the first and last characters of a name', () => {
    expect(maskName('张三丰')).toBe('张*丰');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('李四')).toBe('李*');
    expect(maskName('王')).toBe('王');
  });

  it('keeps the region and last four characters of an ID number', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });

  it('keeps the first three and last four digits of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});

describe('masking free text and URLs', () => {
  it('masks ID numbers, mobile numbers and JSON name fields in text', () => {
    const text = '{"cust_name":"张三丰","name":"李四","id":"11010519491231002X","tel":"13812345678"}';
    expect(maskPersonalText(text)).toBe(
      '{"cust_name":"张*丰","name":"李*","id":"110105********002X","tel":"138****5678"}',
    );
  });

  it('leaves longer digit runs such as order ids alone', () => {
    expect(maskPersonalText('order 202611210000000123456')).toBe('order 202611210000000123456');
  });

  it('masks name parameters and ID numbers in a URL', () => {
    const url = '/manager/api/order/list?cust_name=%E5%BC%A0%E4%B8%89%E4%B8%B0&cust_id_card=11010519491231002X&page=2';
    expect(decodeURIComponent(maskUrl(url))).toBe(
      '/manager/api/order/list?cust_name=张*丰&cust_id_card=110105********002X&page=2',
    );
  });
});

describe('masking the front-end log and other free text (issue 17 §2)', () => {
  it('masks camelCase name keys and single-quoted ones, but not the errorName and fileName of a log entry', () => {
    const text = `{"custName":"张三丰","user_name":"李四","errorName":"TypeError","fileName":"app.js"} {'name': '王小明'}`;
    expect(maskPersonalText(text)).toBe(
      `{"custName":"张*丰","user_name":"李*","errorName":"TypeError","fileName":"app.js"} {'name': '王*明'}`,
    );
  });

  it('masks a name after 姓名 in Chinese text', () => {
    expect(maskPersonalText('保存失败，姓名：欧阳娜娜，性别：女')).toBe('保存失败，姓名：欧**娜，性别：女');
    expect(maskPersonalText('姓名: 张三丰 年龄 40')).toBe('姓名: 张*丰 年龄 40');
    expect(maskPersonalText('患者姓名=李四')).toBe('患者姓名=李*');
  });

  it('masks name pairs of a query string or form inside text', () => {
    expect(maskPersonalText('GET /x?cust_name=%E5%BC%A0%E4%B8%89%E4%B8%B0&page=1 failed')).toBe(
      `GET /x?cust_name=${encodeURIComponent('张*丰')}&page=1 failed`,
    );
    expect(maskPersonalText('userName=王小明')).toBe('userName=王*明');
  });

  it('hides anything after password= or pwd=, and a password key', () => {
    expect(maskPersonalText('login?user=a&password=S3cret word!&x=1')).toBe('login?user=a&password=***&x=1');
    expect(maskPersonalText('pwd=abc\\"def" next')).toBe('pwd=***" next');
    expect(maskPersonalText('{"password":"Checkup@2026","PWD": "x"}')).toBe('{"password":"***","PWD": "***"}');
  });

  it('masks a password parameter of a URL', () => {
    expect(maskUrl('/a?pwd=Checkup%402026&page=1')).toBe('/a?pwd=***&page=1');
  });
});
