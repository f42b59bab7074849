import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { batchNormalSaveRoute, deptWorklistRoute, myDeptsRoute } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DeptDiagBatch from '../index';

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
  ban_reason: null,
});

let server: FakeApi;

describe('批量诊断', () => {
  beforeEach(() => {
    server = fakeApi([
      [myDeptsRoute, () => [{ exam_dept_id: 3, dept_name: '内科', dept_type: 'check' }]],
      [
        deptWorklistRoute,
        () => ({ list: [row('20261121000001', '张三'), row('20261121000002', '李四')], total: 2, page: 1, size: 200 }),
      ],
      [
        batchNormalSaveRoute,
        () => ({
          saved: ['20261121000001'],
          result_count: 3,
          skipped: [
            {
              order_id: '20261121000002',
              cust_name: '李四',
              reason_code: 'locked',
              reason: '他人正在录入（该记录正在被「王医生」编辑（锁定至10:30），请稍后再试）',
            },
          ],
        }),
      ],
    ]);
  });

  it('saves normal results for the ticked waiting visits and lists the skipped ones with the reason', async () => {
    renderScreen(<DeptDiagBatch />);
    await screen.findByText('张三');
    expect(server.calls(deptWorklistRoute)[0]).toMatchObject({
      exam_dept_id: 3,
      dept_status: '0',
    });

    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByText(/张三|李四/));
    rows.forEach((r) => fireEvent.click(within(r).getByRole('checkbox')));
    fireEvent.click(screen.getByRole('button', { name: /批量录入正常（2）/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确定录入/ }));

    // Issue 19: the skipped visits counted by reason, and each with its own.
    expect(await screen.findByText('已为 1 位受检者保存 3 项正常结果，跳过 1 位（他人正在录入 1）')).toBeTruthy();
    expect(screen.getByText(/20261121000002 李四：他人正在录入（该记录正在被「王医生」编辑/)).toBeTruthy();
    await waitFor(() =>
      expect(server.calls(batchNormalSaveRoute)[0]).toEqual({
        exam_dept_id: 3,
        order_ids: JSON.stringify(['20261121000001', '20261121000002']),
      }),
    );
  });
});
