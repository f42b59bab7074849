import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { batchNormalSaveRoute, deptWorklistRoute, myDeptsRoute, type RouteDescriptor } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: DeptDiagBatch } = await import('../index');

const row = (orderId: string, name: string) => ({
  order_id: orderId,
  cust_name: name,
  sex: '2',
  age: 30,
  special_flag: '0',
  exam_date: '2026-11-21',
  dept_status: '0',
  order_status: 'checked_in',
  dept_exception_flag: '0',
});

describe('批量诊断', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation(async (route: RouteDescriptor) => {
      if (route === myDeptsRoute) return [{ exam_dept_id: 3, dept_name: '内科', dept_type: 'check' }];
      if (route === deptWorklistRoute)
        return { list: [row('20261121000001', '张三'), row('20261121000002', '李四')], total: 2, page: 1, size: 200 };
      if (route === batchNormalSaveRoute)
        return {
          saved: ['20261121000001'],
          result_count: 3,
          skipped: [
            {
              order_id: '20261121000002',
              cust_name: '李四',
              reason: '该记录正在被「王医生」编辑（锁定至10:30），请稍后再试',
            },
          ],
        };
      throw new ApiError(404, '未模拟的请求', route.path);
    });
  });

  it('saves normal results for the ticked waiting visits and lists the skipped ones with the reason', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <MemoryRouter>
            <DeptDiagBatch />
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    await screen.findByText('张三');
    expect(call.mock.calls.find(([r]) => r === deptWorklistRoute)?.[1]).toMatchObject({
      exam_dept_id: 3,
      dept_status: '0',
    });

    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByText(/张三|李四/));
    rows.forEach((r) => fireEvent.click(within(r).getByRole('checkbox')));
    fireEvent.click(screen.getByRole('button', { name: /批量录入正常（2）/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确定录入/ }));

    expect(await screen.findByText('已为 1 位受检者保存 3 项正常结果，跳过 1 位')).toBeTruthy();
    expect(screen.getByText(/20261121000002 李四：该记录正在被「王医生」编辑/)).toBeTruthy();
    await waitFor(() =>
      expect(call.mock.calls.find(([r]) => r === batchNormalSaveRoute)?.[1]).toEqual({
        exam_dept_id: 3,
        order_ids: JSON.stringify(['20261121000001', '20261121000002']),
      }),
    );
  });
});
