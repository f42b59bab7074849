import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getParameterRoute,
  reviewConclusionsRoute,
  reviewDetailRoute,
  reviewLockRoute,
  reviewPassRoute,
  reviewReturnRoute,
  reviewSaveRoute,
  reviewUnlockRoute,
  userInfoRoute,
  type ReviewDetail,
} from '@checkup/api-contract';
import { ApiError } from '../../../../../lib/api-error';
import { draftStorageKey } from '../../../../../lib/drafts/draft-store';
import { fakeApi, type FakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { OpenReview } from '../open-review';

const ORDER_ID = '20261121000123';

function detail(fields: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    order_id: ORDER_ID,
    order_status: 'first_trial',
    step: 'main',
    exam_type: 'health',
    exam_date: '2026-11-21',
    harm_factors: [],
    customer: { cust_name: '张三', sex: '1', age: 46, special_flag: '0' },
    package_name: '入职套餐',
    conclusion: '',
    advice: '',
    correction_status: '0',
    review_exception_flag: '0',
    depts: [
      {
        dept_id: 7,
        dept_name: '检验科',
        dept_status: '2',
        sign_user_name: '赵敏',
        signed_at: '2026-11-21T02:00:00Z',
        dept_exception_flag: '0',
        unions: [
          {
            union_id: 3,
            union_name: '肝功能',
            status: '1',
            items: [
              {
                item_id: 11,
                item_name: '谷丙转氨酶',
                result_value: '68',
                unit: 'U/L',
                ref_range: '9-50',
                abnormal_flag: 'H',
                critical_flag: '0',
              },
            ],
          },
        ],
        summary: ['谷丙转氨酶 偏高'],
        diag_list: [{ diag_name: '肝功能异常', advice: '复查肝功能' }],
      },
      {
        dept_id: 8,
        dept_name: '超声科',
        dept_status: '2',
        sign_user_name: '孙志强',
        signed_at: '2026-11-21T03:00:00Z',
        dept_exception_flag: '0',
        unions: [],
        summary: [],
        diag_list: [
          { diag_name: '脂肪肝', advice: '低脂饮食' },
          { diag_name: '肝功能异常', advice: '重复' },
        ],
      },
    ],
    reviews: [],
    ...fields,
  };
}

let server: FakeApi;

/** The server as the page sees it; a test answers its own calls besides (server.answer). */
function serve() {
  server = fakeApi([
    [userInfoRoute, () => ({ id: 6, user_name: '周文博', user_account: 'chief', special_flag: '1', role_menu: ['*'] })],
    [reviewLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
    [reviewUnlockRoute, () => ({ released: true })],
    [reviewDetailRoute, () => detail()],
    [reviewConclusionsRoute, () => []],
    [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
  ]);
  return server;
}

/** 总检详情 (rev_apr_detail) as 主审 and 终审 open it. */
const renderDetail = () =>
  renderScreen(<OpenReview variant="standard" />, {
    route: `/manager/exam_mg/rev_apr_detail?order_id=${ORDER_ID}`,
    pages: { '/manager/exam_mg/second_trial': <div>主审列表</div> },
  });

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

async function opened() {
  const rendered = renderDetail();
  await screen.findByText('谷丙转氨酶');
  await waitFor(() => expect(button('保存').disabled).toBe(false));
  return rendered;
}

describe('总检详情', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each department’s results with arrows and ranges, summaries and diagnoses', async () => {
    serve();
    await opened();
    expect(screen.getByText('68 ↑')).toBeTruthy();
    expect(screen.getByText('9-50')).toBeTruthy();
    expect(screen.getByText(/谷丙转氨酶 偏高/)).toBeTruthy();
    expect(screen.getByText(/已签名 赵敏/)).toBeTruthy();
  });

  it('opens read-only with the holder named when someone else holds the lock, and releases nothing', async () => {
    const refusal = '该记录正在被「吴静」编辑（锁定至10:30），请稍后再试';
    serve().answer(reviewLockRoute, () => {
      throw new ApiError(423, refusal, reviewLockRoute.path);
    });
    const view = renderDetail();
    expect(await screen.findByText(`${refusal}（只读打开）`)).toBeTruthy();
    expect(textbox('总检结论').readOnly).toBe(true);
    expect(textbox('建议').readOnly).toBe(true);
    for (const name of ['保存', '通过', '审核不通过', '生成结论']) expect(button(name).disabled).toBe(true);
    view.unmount();
    expect(server.calls(reviewUnlockRoute)).toEqual([]);
  });

  it('generates the conclusion from every department’s diagnoses, once each, and saves it', async () => {
    serve().answer(reviewSaveRoute, (input) =>
      detail({ conclusion: String(input.conclusion), advice: String(input.advice) }),
    );
    await opened();
    fireEvent.click(button('生成结论'));
    expect(textbox('总检结论').value).toBe('1. 肝功能异常\n2. 脂肪肝');
    expect(textbox('建议').value).toBe('1. 肝功能异常：复查肝功能\n2. 脂肪肝：低脂饮食');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.calls(reviewSaveRoute)).toHaveLength(1));
    expect(server.calls(reviewSaveRoute)[0]).toEqual({
      order_id: ORDER_ID,
      conclusion: '1. 肝功能异常\n2. 脂肪肝',
      advice: '1. 肝功能异常：复查肝功能\n2. 脂肪肝：低脂饮食',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('keeps a rev_apr draft 60 s after an edit and offers it back on reopen', async () => {
    serve();
    const first = await opened();
    vi.useFakeTimers();
    fireEvent.change(textbox('总检结论'), { target: { value: '1. 脂肪肝' } });
    act(() => vi.advanceTimersByTime(59_000));
    expect(localStorage.getItem(draftStorageKey('rev_apr'))).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    const [stored] = JSON.parse(localStorage.getItem(draftStorageKey('rev_apr'))!);
    expect(stored).toMatchObject({ orderid: ORDER_ID, fields: { conclusion: '1. 脂肪肝', advice: '' } });
    vi.useRealTimers();
    expect(await screen.findByText('体检诊断已保存草稿！')).toBeTruthy();

    first.unmount();
    expect(server.calls(reviewUnlockRoute)).toEqual([{ order_id: ORDER_ID }]);
    await opened();
    expect(await screen.findByText('是否恢复草稿', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    fireEvent.click(button('恢复草稿'));
    await waitFor(() => expect(textbox('总检结论').value).toBe('1. 脂肪肝'));
  });

  it('passes the step with the conclusion and goes back to the worklist', async () => {
    serve().answer(reviewPassRoute, () => ({ order_id: ORDER_ID, order_status: 'main_trial' }));
    await opened();
    fireEvent.click(button('通过'));
    expect(await screen.findByText('请先填写总检结论')).toBeTruthy();
    expect(server.calls(reviewPassRoute)).toEqual([]);

    fireEvent.change(textbox('总检结论'), { target: { value: '1. 脂肪肝' } });
    fireEvent.click(button('通过'));
    // Issue 20: 通过 asks first (review-levels.test.tsx covers the confirmation itself).
    fireEvent.click(await screen.findByRole('button', { name: /确认通过/ }));
    expect(await screen.findByText('主审列表')).toBeTruthy();
    expect(server.calls(reviewPassRoute)).toEqual([
      { order_id: ORDER_ID, step: 'main', conclusion: '1. 脂肪肝', advice: '' },
    ]);
  });

  it('returns only with a reason, to the previous step or to the chosen departments', async () => {
    serve().answer(reviewReturnRoute, () => ({ order_id: ORDER_ID, order_status: 'depts_done' }));
    await opened();
    fireEvent.click(button('审核不通过'));
    fireEvent.click(await screen.findByRole('button', { name: /确认不通过/ }));
    expect(await screen.findByText('请填写退回原因')).toBeTruthy();
    expect(server.calls(reviewReturnRoute)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: '退回原因' }), { target: { value: '请补充建议' } });
    fireEvent.click(screen.getByRole('button', { name: /确认不通过/ }));
    expect(await screen.findByText('主审列表')).toBeTruthy();
    expect(server.calls(reviewReturnRoute)).toEqual([
      { order_id: ORDER_ID, step: 'main', target: 'previous', reason: '请补充建议', exam_dept_ids: undefined },
    ]);
  });

  it('sends the departments chosen when returning to them', async () => {
    serve().answer(reviewReturnRoute, () => ({ order_id: ORDER_ID, order_status: 'in_exam' }));
    await opened();
    fireEvent.click(button('审核不通过'));
    fireEvent.click(await screen.findByRole('radio', { name: '退回科室' }));
    fireEvent.change(screen.getByRole('textbox', { name: '退回原因' }), { target: { value: '超声报告缺失' } });
    fireEvent.click(screen.getByRole('button', { name: /确认不通过/ }));
    expect(await screen.findByText('请选择要退回的科室')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '超声科' }));
    fireEvent.click(screen.getByRole('button', { name: /确认不通过/ }));
    await waitFor(() => expect(server.calls(reviewReturnRoute)).toHaveLength(1));
    expect(server.calls(reviewReturnRoute)[0]).toMatchObject({ target: 'depts', exam_dept_ids: '[8]' });
  });
});
