import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { deptWorklistRoute, myDeptsRoute, userInfoRoute } from '@checkup/api-contract';
import { raiseRefreshFlag, resetRefreshFlag } from '../../../../lib/refresh-flag';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DeptDiag from '../index';

const row = (orderId: string, name: string, fields: Record<string, unknown> = {}) => ({
  order_id: orderId,
  cust_name: name,
  sex: '1',
  age: 40,
  special_flag: '0',
  exam_date: dayjs().format('YYYY-MM-DD'),
  dept_status: '0',
  order_status: 'checked_in',
  dept_exception_flag: '0',
  ban_reason: null,
  ...fields,
});

const ROWS = [row('20261121000001', '张三'), row('20261121000002', '李四', { dept_status: '2' })];

let server: FakeApi;
const serve = () =>
  (server = fakeApi([
    [userInfoRoute, () => ({ id: 1, user_name: '陈医生', special_flag: '0', role_menu: ['*'] })],
    [
      myDeptsRoute,
      () => [
        { exam_dept_id: 3, dept_name: '内科', dept_type: 'check' },
        { exam_dept_id: 4, dept_name: '检验科', dept_type: 'lab' },
      ],
    ],
    [
      deptWorklistRoute,
      (input) => {
        const list = ROWS.filter(
          (r) => !input.keyword || r.order_id === input.keyword || r.cust_name === input.keyword,
        );
        return { list, total: list.length, page: 1, size: 20 };
      },
    ],
  ]));

const renderWorklist = () =>
  renderScreen(<DeptDiag />, {
    route: '/manager/exam_mg/dept_diag',
    pages: { '/manager/exam_mg/dept_diag_detail': <div>详情页</div> },
  }).router;

const worklistCalls = () => server.calls(deptWorklistRoute);

describe('科室诊断 worklist', () => {
  beforeEach(() => {
    resetRefreshFlag();
    serve();
  });

  it('lists today’s visits of the doctor’s first department', async () => {
    renderWorklist();
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('已签名')).toBeTruthy();
    expect(worklistCalls()[0]).toMatchObject({ exam_dept_id: 3, exam_date: dayjs().format('YYYY-MM-DD'), page: 1 });
  });

  it('opens the detail of a scanned order id on Enter', async () => {
    const router = renderWorklist();
    await screen.findByText('张三');
    const search = screen.getByRole('searchbox', { name: '体检号或姓名' });
    fireEvent.change(search, { target: { value: '20261121000001' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/exam_mg/dept_diag_detail'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      order_id: '20261121000001',
      exam_dept_id: '3',
    });
  });

  it('opens a row from its button', async () => {
    const router = renderWorklist();
    await screen.findByText('张三');
    fireEvent.click(screen.getAllByRole('button', { name: /^录\s*入$/ })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?order_id=20261121000001&exam_dept_id=3'));
  });

  it('reloads when the refresh flag is raised', async () => {
    renderWorklist();
    await screen.findByText('张三');
    const before = worklistCalls().length;
    raiseRefreshFlag();
    await waitFor(() => expect(worklistCalls().length).toBe(before + 1));
  });
});
