import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  groupOrderApproveRoute,
  groupOrderOptionsRoute,
  groupOrderResource,
  groupPriceResource,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import GroupUnitMgDetail from '../index';

const order = {
  id: 7,
  order_no: 'TD202611290001',
  order_name: '星辰2027年度职工体检',
  company_id: 3,
  company_name: '星辰软件科技有限公司',
  contract_id: null,
  contract_no: null,
  branch_id: null,
  branch_name: null,
  exam_type: 'health',
  plan_from: '2027-03-01',
  plan_to: '2027-05-31',
  plan_male: 10,
  plan_female: 5,
  budget: null,
  avg_price: null,
  discount: 85,
  exam_mode: 'inside',
  report_delivery: 'company',
  desk_note: null,
  sales_user_id: 2,
  sales_user_name: '王销售',
  approval_state: 'submitted',
  approval_note: null,
  change_state: 'none',
  change_note: null,
  closed: false,
  remark: null,
  created_by: 2,
  group_count: 1,
  enabled: true,
  version: 3,
  updated_at: null,
  updated_by_name: null,
};

const options = { companies: [], contracts: [], packages: [], branches: [], sales_users: [] };
const emptyPage = { list: [], total: 0, total_capped: false, page: 1, size: 20 };

/** What 团检单位详情 and 单位报价 add to the generic screens (issue 22). */
describe('团检订单 screens', () => {
  it('offers a submitted order 撤回 and 审核, and sends the approval with its note and the version read', async () => {
    const server = fakeApi([
      [groupOrderResource.routes.detail, () => order],
      [groupOrderOptionsRoute, () => options],
      [groupPriceResource.routes.list, () => emptyPage],
      [groupOrderApproveRoute, (input) => ({ ...order, approval_state: 'approved', approval_note: input.note })],
    ]);
    renderScreen(<GroupUnitMgDetail />, { route: '/manager/crm/group_unit_mg_detail?id=7' });
    expect(await screen.findByText('团检订单：TD202611290001 星辰2027年度职工体检')).toBeTruthy();
    expect(screen.getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /变\s*更/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /审\s*核/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('不通过'));
    fireEvent.change(within(dialog).getByLabelText('审批意见'), { target: { value: '预算不足' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(server.calls(groupOrderApproveRoute)).toHaveLength(1));
    expect(server.calls(groupOrderApproveRoute)[0]).toMatchObject({ id: 7, version: 3, pass: '0', note: '预算不足' });
  });
});
