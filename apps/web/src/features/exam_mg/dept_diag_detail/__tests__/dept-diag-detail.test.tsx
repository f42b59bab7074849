import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deptDiagnosisListRoute,
  deptLockRoute,
  deptUnlockRoute,
  diagnosisUnionSaveRoute,
  exceptionHistoryRoute,
  getParameterRoute,
  matchDiagByUnionRoute,
  orderDeptSignRoute,
  orderImagingDeptSignRoute,
  setDeptExceptionRoute,
  updateCorrectionStatusRoute,
  userInfoRoute,
  type DeptDiagnosisView,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { draftStorageKey } from '../../../../lib/drafts/draft-store';
import { raiseRefreshFlag, resetRefreshFlag } from '../../../../lib/refresh-flag';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import DeptDiagDetail from '../index';
import { DEPT_ID, ORDER_ID, deptView, generalExamView } from './fixtures';

let server: FakeApi & { setView: (next: DeptDiagnosisView) => void };

/** The server as the screen sees it, the rest answered plainly; a test answers its own calls besides. */
function serve() {
  let view = deptView();
  const api = fakeApi([
    [
      userInfoRoute,
      () => ({ id: 1, user_name: '陈医生', user_account: 'doctor1', special_flag: '0', role_menu: ['*'] }),
    ],
    [deptLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
    [deptUnlockRoute, () => ({ released: true })],
    [deptDiagnosisListRoute, () => view],
    [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
  ]);
  server = Object.assign(api, { setView: (next: DeptDiagnosisView) => void (view = next) });
}

const renderDetail = () =>
  renderScreen(<DeptDiagDetail />, {
    route: `/manager/exam_mg/dept_diag_detail?order_id=${ORDER_ID}&exam_dept_id=${DEPT_ID}`,
  });

/** antd spaces out a two-character label (保 存); the accessible name is matched either way. */
const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });

async function opened() {
  const rendered = renderDetail();
  await screen.findByRole('textbox', { name: '谷丙转氨酶' });
  await waitFor(() => expect(button('保存').disabled).toBe(false));
  return rendered;
}

describe('科室诊断详情', () => {
  beforeEach(() => {
    localStorage.clear();
    resetRefreshFlag();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves to the next input on Enter, and from the last one to the save button', async () => {
    serve();
    await opened();
    input('谷丙转氨酶').focus();
    fireEvent.keyDown(input('谷丙转氨酶'), { key: 'Enter' });
    expect(document.activeElement).toBe(input('血钾'));
    fireEvent.keyDown(input('血钾'), { key: 'Enter' });
    expect(document.activeElement).toBe(input('心电图所见'));
    fireEvent.keyDown(input('心电图所见'), { key: 'Enter' });
    expect(document.activeElement).toBe(button('保存'));
  });

  it('shows the abnormal arrow as the doctor types and flags a critical value in red', async () => {
    serve();
    await opened();
    type('谷丙转氨酶', '68');
    expect(screen.getByTestId('verdict-11').textContent).toBe('↑');
    type('血钾', '3.1');
    expect(screen.getByTestId('verdict-12').textContent).toBe('↓');
    expect(screen.queryByText(/保存后将上报危急值管理/)).toBeNull();

    type('血钾', '7.0');
    expect(within(screen.getByTestId('verdict-12')).getByText('危急值')).toBeTruthy();
    expect(screen.getByText('危急值：血钾 7.0↑。保存后将上报危急值管理。')).toBeTruthy();
    type('心电图所见', '窦性心动过缓');
    expect(screen.getByTestId('verdict-21').textContent).toBe('*');
  });

  it('generates a summary line from an abnormal result and merges the matched one without a duplicate', async () => {
    serve();
    server.answer(matchDiagByUnionRoute, () => [
      {
        diag_id: 5,
        diag_name: '肝功能异常',
        advice: '建议复查肝功能',
        life_guidance: '',
        union_id: 1,
        summary_content: '谷丙转氨酶 偏高',
      },
    ]);
    await opened();
    type('谷丙转氨酶', '68');
    expect(input('小结1').value).toBe('谷丙转氨酶：偏高');

    fireEvent.click(button('匹配诊断'));

    expect(await screen.findByText('1. 肝功能异常')).toBeTruthy();
    expect(input('小结1').value).toBe('谷丙转氨酶 偏高');
    expect(screen.queryByRole('textbox', { name: '小结2' })).toBeNull();
    expect(JSON.parse(server.calls(matchDiagByUnionRoute)[0]!.results!)).toContainEqual({
      item_id: 11,
      result_value: '68',
    });
  });

  it('saves with Ctrl+S and tells the doctor a critical value went to 危急值管理', async () => {
    serve();
    server.answer(diagnosisUnionSaveRoute, () => ({
      ...deptView({ dept_status: '1' }),
      new_critical: [{ item_name: '血钾', result_value: '7.0', direction: 'H' }],
    }));
    await opened();
    type('血钾', '7.0');
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });

    expect(await screen.findByText('危急值已上报')).toBeTruthy();
    const [sent] = server.calls(diagnosisUnionSaveRoute);
    expect(sent).toMatchObject({ order_id: ORDER_ID, exam_dept_id: DEPT_ID });
    expect(JSON.parse(sent!.results)).toContainEqual({ item_id: 12, result_value: '7.0' });
  });

  it('keeps a draft 10 s after an edit and offers it back on reopen', async () => {
    serve();
    const first = await opened();
    vi.useFakeTimers();
    type('谷丙转氨酶', '68');
    act(() => vi.advanceTimersByTime(9_000));
    expect(localStorage.getItem(draftStorageKey('dept_diag'))).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    const [stored] = JSON.parse(localStorage.getItem(draftStorageKey('dept_diag'))!);
    expect(stored).toMatchObject({ orderid: ORDER_ID, exam_dept_id: String(DEPT_ID) });
    expect(stored.fields.results['11']).toBe('68');
    vi.useRealTimers();
    expect(await screen.findByText('体检诊断已保存草稿！')).toBeTruthy();

    first.unmount();
    await opened();
    expect(await screen.findByText('是否恢复草稿', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    fireEvent.click(button('恢复草稿'));
    await waitFor(() => expect(input('谷丙转氨酶').value).toBe('68'));
    expect(input('小结1').value).toBe('谷丙转氨酶：偏高');
  });

  it('opens read-only with the server’s message when someone else holds the lock, and releases nothing', async () => {
    const refusal = '该记录正在被「王医生」编辑（锁定至10:30），请稍后再试';
    serve();
    server.answer(deptLockRoute, () => {
      throw new ApiError(423, refusal, deptLockRoute.path);
    });
    const view = renderDetail();
    expect(await screen.findByText(`${refusal}（只读打开）`)).toBeTruthy();
    expect(input('谷丙转氨酶').readOnly).toBe(true);
    expect(button('保存').disabled).toBe(true);
    expect(button('签名').disabled).toBe(true);

    view.unmount();
    expect(server.calls(deptUnlockRoute)).toEqual([]);
  });

  it('releases the lock when the screen closes, and with a keepalive request when the page unloads', async () => {
    serve();
    const view = await opened();

    window.dispatchEvent(new Event('pagehide'));
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe(deptUnlockRoute.path);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(String(init!.body)).toBe(`order_id=${ORDER_ID}&exam_dept_id=${DEPT_ID}`);

    view.unmount();
    expect(server.calls(deptUnlockRoute)).toEqual([{ order_id: ORDER_ID, exam_dept_id: DEPT_ID }]);
  });

  it('signs the department and is read-only afterwards', async () => {
    serve();
    server.answer(orderDeptSignRoute, () => {
      server.setView(deptView({ dept_status: '2', order_status: 'in_exam' }));
      return { order_id: ORDER_ID, exam_dept_id: DEPT_ID, order_status: 'in_exam' };
    });
    server.setView(deptView({ dept_status: '1', order_status: 'in_exam' }));
    await opened();

    fireEvent.click(button('签名'));

    expect(await screen.findByText('签名成功')).toBeTruthy();
    expect(server.calls(orderDeptSignRoute)).toEqual([{ order_id: ORDER_ID, exam_dept_id: DEPT_ID }]);
    expect(await screen.findByText('本科室已签名，结果只读')).toBeTruthy();
    expect(input('谷丙转氨酶').readOnly).toBe(true);
    expect(button('保存').disabled).toBe(true);
  });

  it('signs an imaging work group with order_imaging_dept_sign', async () => {
    serve();
    server.answer(deptDiagnosisListRoute, () =>
      deptView({ imaging_groups: [{ work_group_id: 9, group_name: '放射组' }] }),
    );
    server.answer(orderImagingDeptSignRoute, () => ({ order_id: ORDER_ID, exam_dept_id: DEPT_ID, work_group_id: 9 }));
    await opened();
    fireEvent.click(screen.getByRole('button', { name: '影像签名（放射组）' }));
    expect(await screen.findByText('签名成功')).toBeTruthy();
    expect(server.calls(orderImagingDeptSignRoute)).toEqual([
      { order_id: ORDER_ID, exam_dept_id: DEPT_ID, work_group_id: 9 },
    ]);
    expect(server.calls(orderDeptSignRoute)).toEqual([]);
  });

  it('shows the server’s refusal to change a signed department and keeps what was typed', async () => {
    serve();
    server.answer(diagnosisUnionSaveRoute, () => {
      throw new ApiError(409, '本科室已签名，不能再修改结果', diagnosisUnionSaveRoute.path);
    });
    await opened();
    type('谷丙转氨酶', '68');
    fireEvent.click(button('保存'));
    expect(await screen.findByText('本科室已签名，不能再修改结果')).toBeTruthy();
    expect(input('谷丙转氨酶').value).toBe('68');
  });

  it('shows the server’s refusal of a signature', async () => {
    serve();
    server.answer(orderDeptSignRoute, () => {
      throw new ApiError(409, '请先录入本科室的检查结果再签名', orderDeptSignRoute.path);
    });
    await opened();
    fireEvent.click(button('签名'));
    expect(await screen.findByText('请先录入本科室的检查结果再签名')).toBeTruthy();
  });

  it('empties the summary and diagnoses with the server’s message when a reload of the list fails', async () => {
    let failing = false;
    serve();
    server.answer(deptDiagnosisListRoute, () => {
      if (failing) throw new ApiError(500, '诊断列表加载失败', deptDiagnosisListRoute.path);
      return deptView({
        summary: [
          {
            summary_content: '谷丙转氨酶 偏高',
            source: '2',
            doctor_edited: '0',
            union_id: 1,
            summary_order_by: 1,
          },
        ],
        diag_list: [{ diag_id: 5, diag_name: '肝功能异常', advice: '', doctor_created_flag: '0', sort: 1 }],
      });
    });
    await opened();
    expect(input('小结1').value).toBe('谷丙转氨酶 偏高');

    failing = true;
    act(() => void raiseRefreshFlag());

    expect(await screen.findByText('诊断列表加载失败')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '小结1' })).toBeNull());
    expect(screen.queryByText('1. 肝功能异常')).toBeNull();
  });

  it('shows the AI correction reminder where parameter 0030 enables it, and clears it when handled', async () => {
    serve();
    server.answer(deptDiagnosisListRoute, () => deptView({ correction_status: '1' }));
    server.answer(getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: true } } }));
    server.answer(updateCorrectionStatusRoute, () => ({ order_id: ORDER_ID, correction_status: '0' }));
    await opened();
    expect(await screen.findByText('AI纠错提醒')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^AI纠错$/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '已处理异常' }));

    await waitFor(() => expect(server.calls(updateCorrectionStatusRoute)).toEqual([{ order_id: ORDER_ID }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^AI纠错$/ })).toBeNull());
  });

  it('marks the department abnormal with a reason and shows the exception history', async () => {
    const history = [
      {
        id: 1,
        exception_type: 'dept',
        union_name: null,
        review_exception: '受检者拒绝抽血',
        review_advise: null,
        exception_images: [],
        exception_dept: '检验科',
        exception_user: '陈医生',
        review_exception_flag: '1',
        exception_handler_name: null,
        exception_handler_time: null,
        created_at: '2026-11-21T02:00:00Z',
      },
    ];
    serve();
    server.answer(setDeptExceptionRoute, () => ({
      order_id: ORDER_ID,
      exam_dept_id: DEPT_ID,
      dept_exception_flag: '1',
    }));
    server.answer(exceptionHistoryRoute, () => history);
    await opened();
    fireEvent.click(button('科室异常'));
    fireEvent.change(await screen.findByRole('textbox', { name: '异常原因' }), { target: { value: '受检者拒绝抽血' } });
    fireEvent.click(button('标记异常'));

    expect(await screen.findByText('已标记科室异常')).toBeTruthy();
    expect(server.calls(setDeptExceptionRoute)).toEqual([
      { order_id: ORDER_ID, exam_dept_id: DEPT_ID, dept_exception_flag: '1', reason: '受检者拒绝抽血' },
    ]);
    expect(await screen.findByText('未处理')).toBeTruthy();
    expect(screen.getByText(`陈医生（${dayjs(history[0]!.created_at).format('YYYY-MM-DD HH:mm')}）`)).toBeTruthy();
  });

  it('shows the server’s message when the diagnosis list cannot be loaded', async () => {
    serve();
    server.answer(deptDiagnosisListRoute, () => {
      throw new ApiError(404, '该体检者没有本科室的检查项目', deptDiagnosisListRoute.path);
    });
    renderDetail();
    expect((await screen.findAllByText('该体检者没有本科室的检查项目')).length).toBeGreaterThan(0);
  });

  describe('as doctors use it (issue 19)', () => {
    const openGeneral = async () => {
      serve();
      server.setView(generalExamView());
      renderDetail();
      await screen.findByRole('textbox', { name: '身高' });
      await waitFor(() => expect(button('保存').disabled).toBe(false));
    };

    it('computes BMI and grades the blood pressure as typed, Enter skipping BMI, a waived line read-only', async () => {
      await openGeneral();
      type('身高', '170');
      type('体重', '65');
      expect(input('体重指数').value).toBe('22.5');
      expect(input('体重指数').readOnly).toBe(true);

      input('身高').focus();
      fireEvent.keyDown(input('身高'), { key: 'Enter' });
      expect(document.activeElement).toBe(input('体重'));
      fireEvent.keyDown(input('体重'), { key: 'Enter' });
      expect(document.activeElement).toBe(input('收缩压'));

      type('收缩压', '150');
      type('舒张压', '85');
      expect(screen.getByTestId('bp-grade').textContent).toBe('1级高血压');
      expect(input('小结1').value).toBe('收缩压：偏高');
      expect(input('小结2').value).toBe('血压：1级高血压');

      expect(screen.getByTestId('exec-4').textContent).toBe('弃检');
      expect(screen.getByText('原因：本人放弃')).toBeTruthy();
      expect(input('心脏').readOnly).toBe(true);
    });

    it('fills the empty items with 全部正常 (F8), summarises 未见异常, and saves and signs with F9', async () => {
      await openGeneral();
      server.answer(diagnosisUnionSaveRoute, () => ({ ...generalExamView(), dept_status: '1', new_critical: [] }));
      server.answer(orderDeptSignRoute, () => ({ order_id: ORDER_ID, exam_dept_id: DEPT_ID, order_status: 'in_exam' }));
      type('身高', '170');
      type('体重', '65');
      type('收缩压', '118');
      type('舒张压', '76');
      fireEvent.keyDown(window, { key: 'F8' });

      expect(input('一般情况').value).toBe('未见异常');
      expect(input('小结1').value).toBe('未见异常');
      expect(screen.queryByRole('textbox', { name: '小结2' })).toBeNull();

      fireEvent.keyDown(window, { key: 'F9' });
      await waitFor(() => expect(server.calls(orderDeptSignRoute)).toHaveLength(1));
      const results = JSON.parse(server.calls(diagnosisUnionSaveRoute)[0]!.results);
      expect(results).toContainEqual({ item_id: 33, result_value: '22.5' });
      expect(results).toContainEqual({ item_id: 36, result_value: '未见异常' });
      // The waived line's items are not sent.
      expect(results.map((r: { item_id: number }) => r.item_id)).not.toContain(41);
    });
  });
});
