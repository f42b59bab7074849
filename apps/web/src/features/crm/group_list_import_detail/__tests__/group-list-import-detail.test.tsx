import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  groupListDetailRoute,
  groupListImportRoute,
  groupListPrepareRoute,
  groupListProgressRoute,
  groupPersonsRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import GroupListImportDetail from '../index';

const ORDER = {
  id: 5,
  order_no: 'TD202612010001',
  order_name: '年度体检',
  company_name: '甲公司',
  exam_type: 'health',
  plan_from: '2026-12-01',
  plan_to: '2026-12-31',
  plan_count: 100,
  person_count: 1,
  prepared_count: 0,
  desk_note: null,
  approval_state: 'approved',
  closed: false,
};
const GROUP = {
  id: 11,
  group_name: '男职工组',
  group_code: 'M',
  package_name: '入职套餐',
  gender_limit: '1',
  marital_limit: '0',
  age_from: null,
  age_to: null,
  priority: 5,
  pay_mode: 'company',
  price: '100.00',
  paused: false,
  person_count: 1,
};
const PERSON = {
  id: 31,
  group_id: 11,
  group_name: '男职工组',
  cust_name: '张三',
  sex: '1',
  birthday: '1990-04-01',
  id_card: '110105********1234',
  phone: '138****5678',
  marital: '0',
  dept_name: null,
  employee_no: null,
  job_name: null,
  order_id: null,
  paused: false,
};
const idle = { done: 0, total: 0, error: null, imported: null, prepared: null };

describe('名单导入详情', () => {
  it('uploads a list, polls the server until it is written, and lists the refused rows with their report', async () => {
    let polls = 0;
    const server = fakeApi([
      [groupListDetailRoute, () => ({ order: ORDER, groups: [GROUP] })],
      [groupPersonsRoute, () => ({ list: [PERSON], total: 1, page: 1, size: 20 })],
      [groupListImportRoute, () => ({ ticket: 'ticket-1234' })],
      [
        groupListProgressRoute,
        () =>
          ++polls < 2
            ? { ...idle, phase: 'writing', done: 500, total: 1000 }
            : {
                ...idle,
                phase: 'done',
                done: 1000,
                total: 1000,
                imported: {
                  total: 1002,
                  imported: 999,
                  updated: 1,
                  failed: 2,
                  errors: [
                    { line: 7, name: '孙暂停', reason: '组类:X已禁用!' },
                    { line: 9, name: '冯性别', reason: '存在人员信息性别与身份证不符' },
                  ],
                  report_id: 77,
                },
              },
      ],
    ]);
    const view = renderScreen(<GroupListImportDetail />, { route: '/manager/crm/group_list_import_detail?id=5' });
    expect(await screen.findByText('名单导入：TD202612010001 年度体检')).toBeTruthy();
    const file = new File(['PK'], '名单.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(view.container.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [file] },
    });
    expect(await screen.findByText('共1002行：新增999人，更新1人，未导入2行', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.upload).toHaveBeenCalledWith(groupListImportRoute, { id: 5 }, file, expect.any(Function));
    expect(server.calls(groupListProgressRoute)).toEqual([{ ticket: 'ticket-1234' }, { ticket: 'ticket-1234' }]);
    expect(screen.getByText('组类:X已禁用!')).toBeTruthy();
    expect(screen.getByText('冯性别')).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载错误报告/ })).toBeTruthy();
  });

  it('prepares the chosen people and names those refused', async () => {
    const server = fakeApi([
      [groupListDetailRoute, () => ({ order: ORDER, groups: [GROUP] })],
      [groupPersonsRoute, () => ({ list: [PERSON], total: 1, page: 1, size: 20 })],
      [groupListPrepareRoute, () => ({ ticket: 'ticket-5678' })],
      [
        groupListProgressRoute,
        () => ({
          ...idle,
          phase: 'done',
          done: 0,
          total: 0,
          prepared: { prepared: 0, refused: [{ person_id: 31, name: '张三', reason: '该人员已禁检' }] },
        }),
      ],
    ]);
    renderScreen(<GroupListImportDetail />, { route: '/manager/crm/group_list_import_detail?id=5' });
    const row = (await screen.findByText('张三')).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: '预登记选中（1）' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(server.calls(groupListPrepareRoute)).toEqual([{ id: 5, person_ids: [31] }]));
    expect(await screen.findByText('已预登记0人，1人未预登记')).toBeTruthy();
    expect(screen.getByText('张三：该人员已禁检')).toBeTruthy();
  });
});
