import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  criticalValueReportRoute,
  deptAddUnionRoute,
  deptAddableUnionsRoute,
  deptDiagnosisListRoute,
  deptLockRoute,
  deptReminderDoneRoute,
  deptRemindersRoute,
  deptUnlockRoute,
  getParameterRoute,
  orderDeptUnsignRoute,
  reminderAddRoute,
  userInfoRoute,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DeptDiagDetail from '../index';
import { DEPT_ID, ORDER_ID, deptView } from './fixtures';

const reminder = {
  id: 5,
  order_id: ORDER_ID,
  from_dept_name: '内科',
  from_user_name: '陈医生',
  to_dept_name: '检验科',
  content: '受检者服用华法林，请注意凝血结果',
  created_at: '2026-11-21T02:00:00Z',
  done_by_name: null,
  done_at: null,
};

// The test environment gives every modal title the same id, so a dialog is found by its title text.
const dialog = (title: string) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest<HTMLElement>('[role="dialog"]')!;
const findDialog = (title: string) => screen.findByText(title, { selector: '.ant-modal-title' });
const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;

describe('科室诊断详情：反审核、科室加项、我要提醒、危急值提报', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('un-signs with a reason, adds a union, leaves notes, handles one from another department and reports a critical value', async () => {
    let view = deptView({ dept_status: '2', order_status: 'depts_done' });
    const server = fakeApi([
      [
        userInfoRoute,
        () => ({ id: 1, user_name: '赵医生', user_account: 'doctor2', special_flag: '0', role_menu: ['*'] }),
      ],
      [deptLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
      [deptUnlockRoute, () => ({ released: true })],
      [deptDiagnosisListRoute, () => view],
      [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
      [
        deptRemindersRoute,
        () => ({ received: [reminder], sent: [], targets: [{ exam_dept_id: 3, dept_name: '内科' }] }),
      ],
      [deptReminderDoneRoute, () => ({ ...reminder, done_by_name: '赵医生', done_at: '2026-11-21T03:00:00Z' })],
      [
        orderDeptUnsignRoute,
        () => {
          view = deptView({ dept_status: '1', order_status: 'in_exam' });
          return { order_id: ORDER_ID, exam_dept_id: DEPT_ID, order_status: 'in_exam' };
        },
      ],
      [
        deptAddableUnionsRoute,
        () => [
          { id: 31, union_code: 'NQ', union_name: '凝血四项', price: '80.00', refusal: null },
          {
            id: 32,
            union_code: 'HCG',
            union_name: '血HCG',
            price: '40.00',
            refusal: '组合项目「血HCG」与体检者性别不符，不能选择',
          },
        ],
      ],
      [deptAddUnionRoute, () => ({ order_id: ORDER_ID, union_id: 31, price: '80.00', total_price: '380.00' })],
      [reminderAddRoute, () => ({ ...reminder, id: 6, to_dept_name: null })],
      [criticalValueReportRoute, () => ({ id: 8 })],
    ]);
    renderScreen(<DeptDiagDetail />, {
      route: `/manager/exam_mg/dept_diag_detail?order_id=${ORDER_ID}&exam_dept_id=${DEPT_ID}`,
    });

    // The note from 内科 is shown on entry, and handled here.
    expect(await screen.findByText(reminder.content)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '已处理' }));
    await waitFor(() => expect(server.calls(deptReminderDoneRoute)).toEqual([{ id: 5, exam_dept_id: DEPT_ID }]));

    // 反审核 needs its reason.
    const unsign = await screen.findByRole('button', { name: '反审核' });
    await waitFor(() => expect((unsign as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole('button', { name: '科室加项' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(unsign);
    await findDialog('反审核');
    fireEvent.click(button(dialog('反审核'), '确认反审核'));
    expect(await screen.findByText('请填写反审核原因')).toBeTruthy();
    fireEvent.change(within(dialog('反审核')).getByRole('textbox', { name: '反审核原因' }), {
      target: { value: '血钾录错' },
    });
    fireEvent.click(button(dialog('反审核'), '确认反审核'));
    expect(await screen.findByText('已反审核，本科室可重新录入并签名')).toBeTruthy();
    expect(server.calls(orderDeptUnsignRoute)).toEqual([
      { order_id: ORDER_ID, exam_dept_id: DEPT_ID, reason: '血钾录错' },
    ]);

    // Unsigned again: 科室加项 offers the department's unions, the refused one with its reason.
    const add = screen.getByRole('button', { name: '科室加项' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await findDialog('科室加项');
    expect(await within(dialog('科室加项')).findByText('组合项目「血HCG」与体检者性别不符，不能选择')).toBeTruthy();
    expect((within(dialog('科室加项')).getByRole('radio', { name: '血HCG' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog('科室加项')).getByText('凝血四项'));
    fireEvent.click(button(dialog('科室加项'), '加项'));
    expect(await screen.findByText('加项成功：自费 80.00 元，待收费；订单合计 380.00 元')).toBeTruthy();
    expect(server.calls(deptAddUnionRoute)).toEqual([{ order_id: ORDER_ID, exam_dept_id: DEPT_ID, union_id: 31 }]);

    // 我要提醒 goes to 总检 unless another department is chosen.
    fireEvent.click(screen.getByRole('button', { name: '我要提醒' }));
    await findDialog('我要提醒');
    fireEvent.change(within(dialog('我要提醒')).getByRole('textbox', { name: '提醒内容' }), {
      target: { value: '凝血异常请总检关注' },
    });
    fireEvent.click(button(dialog('我要提醒'), '发送提醒'));
    expect(await screen.findByText('提醒已发送')).toBeTruthy();
    expect(server.calls(reminderAddRoute)).toEqual([
      { order_id: ORDER_ID, exam_dept_id: DEPT_ID, to: 'review', content: '凝血异常请总检关注' },
    ]);

    // 危急值提报 (issue 20): an item of the department, its result, the level the doctor judges and what they saw.
    fireEvent.click(screen.getByRole('button', { name: '危急值提报' }));
    await findDialog('危急值提报');
    const report = dialog('危急值提报');
    fireEvent.click(button(report, '提报'));
    expect(await within(report).findByText('请选择项目')).toBeTruthy();
    expect(within(report).getByText('请填写描述')).toBeTruthy();
    fireEvent.mouseDown(within(report).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('心电图所见'));
    fireEvent.change(within(report).getByLabelText('结果'), { target: { value: '室颤' } });
    fireEvent.click(within(report).getByLabelText('中'));
    fireEvent.change(within(report).getByLabelText('描述'), { target: { value: '心电图示心室颤动' } });
    fireEvent.click(button(report, '提报'));
    expect(await screen.findByText('危急值已提报，等待通知和专家处理')).toBeTruthy();
    expect(server.calls(criticalValueReportRoute)).toEqual([
      {
        order_id: ORDER_ID,
        exam_dept_id: DEPT_ID,
        item_id: 21,
        result_value: '室颤',
        level: '2',
        description: '心电图示心室颤动',
      },
    ]);
  });
});
