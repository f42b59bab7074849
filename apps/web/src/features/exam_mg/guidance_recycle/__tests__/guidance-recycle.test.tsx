import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CRITICAL_PENDING_MESSAGE,
  execOrderLinesRoute,
  recycledListRoute,
  sheetRecycleRoute,
  type ExecVisit,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import GuidanceRecycle from '../index';

const VISIT: ExecVisit = {
  order_id: '20261125000007',
  cust_name: '卫回收',
  sex: '2',
  age: 41,
  exam_date: '2026-11-25',
  status: 'in_exam',
  ban_reason: null,
  sheet_returned_by_name: null,
  sheet_returned_at: null,
  unhandled_critical: 1,
  lines: [
    {
      union_id: 1,
      union_name: '血钾',
      dept_id: 1,
      dept_name: '检验科',
      state: '1',
      state_label: '已检',
      exec_by_name: null,
      exec_at: null,
      exec_reason: null,
      exec_date: null,
      signature_file_id: null,
      recorded: true,
      open: false,
    },
    {
      union_id: 2,
      union_name: '腹部彩超',
      dept_id: 2,
      dept_name: '超声科',
      state: '0',
      state_label: '未检',
      exec_by_name: null,
      exec_at: null,
      exec_reason: null,
      exec_date: null,
      signature_file_id: null,
      recorded: false,
      open: true,
    },
  ],
};

describe('导检单回收', () => {
  it('takes the sheet back on scan and Enter; a waiting critical value refuses it and offers 危急值管理', async () => {
    const server = fakeApi([
      [execOrderLinesRoute, () => VISIT],
      [recycledListRoute, () => ({ list: [], total: 0, page: 1, size: 20 })],
      [
        sheetRecycleRoute,
        () => {
          throw new ApiError(409, CRITICAL_PENDING_MESSAGE, sheetRecycleRoute.path);
        },
      ],
    ]);
    const { router } = renderScreen(<GuidanceRecycle />, {
      route: '/manager/exam_mg/guidance_recycle',
      pages: { '/manager/exam_mg/ser_dis_mg': <div>危急值管理页</div> },
    });
    const box = screen.getByLabelText('体检号');
    fireEvent.change(box, { target: { value: ' 20261125000007 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.call).toHaveBeenCalledWith(sheetRecycleRoute, { order_id: '20261125000007' }));
    expect(await screen.findByText(CRITICAL_PENDING_MESSAGE)).toBeTruthy();
    // The examinee with every line, the open one highlighted.
    const open = (await screen.findByText('腹部彩超')).closest('tr')!;
    expect(open.className).toContain('exec-line-open');
    expect(screen.getByText('血钾').closest('tr')!.className).not.toContain('exec-line-open');
    fireEvent.click(screen.getByRole('button', { name: '去处理危急值' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/exam_mg/ser_dis_mg'));
  });
});
