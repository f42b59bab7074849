import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyArchiveOptionsRoute, companyArchiveResource } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import CmpArchInfo from '../index';

const saved = {
  id: 12,
  company_name: '东方机械厂',
  credit_code: null,
  contact_name: null,
  contact_phone: null,
  address: null,
  industry_type: null,
  economy_type: null,
  sales_user_id: null,
  sales_user_name: null,
  remark: null,
  enabled: true,
  version: 1,
  updated_at: null,
  updated_by_name: null,
};

/** 单位信息 without ?id= is a blank form: it creates the company, then shows it under its id. */
describe('单位信息', () => {
  it('refuses a wrong credit code in Chinese, creates the company, then opens it', async () => {
    const server = fakeApi([
      [companyArchiveOptionsRoute, () => ({ industry_types: [], economy_types: [], sales_users: [] })],
      [companyArchiveResource.routes.save, (input) => ({ ...saved, ...input, id: 12 })],
      [companyArchiveResource.routes.detail, () => saved],
    ]);
    renderScreen(<CmpArchInfo />, { route: '/manager/crm/cmp_arch_info' });
    expect(await screen.findByText('新增单位')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('单位名称'), { target: { value: '东方机械厂' } });
    fireEvent.change(screen.getByLabelText('统一社会信用代码'), { target: { value: '91350100M000100Y44' } });
    expect(await screen.findByText('统一社会信用代码应为18位，且校验位符合国家标准（GB 32100）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('统一社会信用代码'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls(companyArchiveResource.routes.save)).toHaveLength(1));
    expect(server.calls(companyArchiveResource.routes.save)[0]).not.toHaveProperty('id');
    expect(await screen.findByText('单位信息：东方机械厂')).toBeTruthy();
  });
});
