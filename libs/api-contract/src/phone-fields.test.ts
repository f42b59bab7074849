import { describe, expect, it } from 'vitest';
import { companySettingsSchema } from './parameters.js';
import { deliveryFieldsSchema } from './report.js';
import { MOBILE_ERROR, PHONE_ERROR } from './validators.js';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('phone fields of the contract', () => {
  it('sends an SMS report to an 11-digit mobile only', () => {
    expect(messageOf(deliveryFieldsSchema.safeParse({ method: 'sms', destination: '1381234' }))).toBe(MOBILE_ERROR);
    expect(messageOf(deliveryFieldsSchema.safeParse({ method: 'sms', destination: '010-12345678' }))).toBe(
      MOBILE_ERROR,
    );
    expect(deliveryFieldsSchema.safeParse({ method: 'sms', destination: '13812345678' }).success).toBe(true);
  });

  it("checks each of the hospital's contact numbers (单位信息), separated by commas", () => {
    const company = (phones: string) => ({ companyCfg: { name: '示范医院', systemColorStyle: 'default', phones } });
    expect(companySettingsSchema.safeParse(company('010-12345678，13812345678')).success).toBe(true);
    expect(companySettingsSchema.safeParse(company('')).success).toBe(true);
    expect(messageOf(companySettingsSchema.safeParse(company('010-12345678, 1381234')))).toBe(
      `联系电话「1381234」：${PHONE_ERROR}`,
    );
  });
});
