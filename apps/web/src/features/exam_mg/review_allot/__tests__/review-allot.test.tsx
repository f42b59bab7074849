import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  reviewAssignRoute,
  reviewAutoAssignRoute,
  reviewUnassignRoute,
  reviewWorklistRoute,
  reviewerListRoute,
  userInfoRoute,
  type ReviewWorklistRow,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { SecondReviewAllot } from '../index';

const row = (orderId: string, name: string, reviewer: string | null = null): ReviewWorklistRow => ({
  order_id: orderId,
  cust_name: name,
  sex: '1',
  age: 40,
  special_flag: '0',
  exam_type: 'health',
  exam_date: '2026-11-21',
  order_status: 'first_trial',
  step: 'main',
  reviewer_id: reviewer ? 6 : null,
  reviewer_name: reviewer,
  exception_flag: '0',
  return_reason: null,
});

let server: FakeApi;

/** The visits waiting for 主审 and the step's reviewers; a test answers its own action besides. */
function serve() {
  server = fakeApi([
    [userInfoRoute, () => ({ id: 1, user_name: '管理员', user_account: 'admin', special_flag: '1', role_menu: ['*'] })],
    [
      reviewWorklistRoute,
      () => ({ list: [row('20261121000001', '张三'), row('20261121000002', '李四')], total: 2, page: 1, size: 50 }),
    ],
    [
      reviewerListRoute,
      () => [
        { id: 6, user_name: '周文博', assigned: 3 },
        { id: 9, user_name: '钱医生', assigned: 0 },
      ],
    ],
  ]);
  return server;
}

const renderAllot = () => renderScreen(<SecondReviewAllot />);

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;

async function chooseReviewer(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('审核医生'));
  await screen.findAllByRole('listbox');
  fireEvent.click(await screen.findByTitle(new RegExp(`^${name}（待审`)));
}

describe('主审分配', () => {
  it('lists the visits waiting for 主审 and the step’s reviewers with their loads', async () => {
    serve();
    renderAllot();
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(server.calls(reviewWorklistRoute)[0]).toMatchObject({ step: 'main', assigned: 'unassigned' });
    expect(server.calls(reviewerListRoute)[0]).toEqual({ step: 'main' });
  });

  it('asks for a selection and a reviewer before assigning, then assigns the selected visits', async () => {
    serve().answer(reviewAssignRoute, () => ({ assigned: 1 }));
    renderAllot();
    const table = await screen.findByRole('table');
    await within(table).findByText('张三');
    fireEvent.click(button('分配'));
    expect(await screen.findByText('请先勾选要分配的体检订单')).toBeTruthy();

    const firstRow = within(table).getByText('李四').closest('tr')!;
    fireEvent.click(within(firstRow).getByRole('checkbox'));
    fireEvent.click(button('分配'));
    expect(await screen.findByText('请选择审核医生')).toBeTruthy();
    expect(server.calls(reviewAssignRoute)).toEqual([]);

    await chooseReviewer('钱医生');
    fireEvent.click(button('分配'));
    await waitFor(() => expect(server.calls(reviewAssignRoute)).toHaveLength(1));
    expect(server.calls(reviewAssignRoute)[0]).toEqual({
      step: 'main',
      order_ids: JSON.stringify(['20261121000002']),
      reviewer_id: 9,
    });
    expect(await screen.findByText('已分配 1 个订单')).toBeTruthy();
  });

  it('spreads the unassigned visits over every reviewer of the step by default', async () => {
    serve().answer(reviewAutoAssignRoute, () => ({
      assigned: [
        { reviewer_id: 6, count: 0 },
        { reviewer_id: 9, count: 2 },
      ],
    }));
    renderAllot();
    await screen.findByText('张三');
    await waitFor(() => expect(server.calls(reviewerListRoute)).toHaveLength(1));
    await screen.findByText('已选 0 个');
    fireEvent.click(button('自动分配'));
    await waitFor(() => expect(server.calls(reviewAutoAssignRoute)).toHaveLength(1));
    expect(server.calls(reviewAutoAssignRoute)[0]).toMatchObject({ step: 'main', reviewer_ids: '[6,9]' });
    expect(await screen.findByText('已自动分配 2 个订单')).toBeTruthy();
  });

  it('takes the selected visits back', async () => {
    serve().answer(reviewUnassignRoute, () => ({ removed: 2 }));
    renderAllot();
    const table = await screen.findByRole('table');
    await within(table).findByText('张三');
    fireEvent.click(within(table).getAllByRole('checkbox')[0]!);
    fireEvent.click(button('取消分配'));
    await waitFor(() => expect(server.calls(reviewUnassignRoute)).toHaveLength(1));
    expect(server.calls(reviewUnassignRoute)[0]).toEqual({
      step: 'main',
      order_ids: JSON.stringify(['20261121000001', '20261121000002']),
    });
  });
});
