import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getParameterRoute,
  reviewDetailRoute,
  reviewLockRoute,
  reviewPassRoute,
  reviewReturnRoute,
  reviewSaveRoute,
  reviewUnlockRoute,
  userInfoRoute,
  type ReviewDetail,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { draftStorageKey } from '../../../../lib/drafts/draft-store';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({
  api: { call: (r: RouteDescriptor, input: unknown) => call(r, input) },
  apiHooks: {},
}));

const { default: RevAprDetail } = await import('../index');

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

type Handler = (input: Record<string, unknown>) => unknown;

function serve(overrides: [RouteDescriptor, Handler][] = []) {
  const handlers = new Map<RouteDescriptor, Handler>([
    [userInfoRoute, () => ({ id: 6, user_name: '周文博', user_account: 'chief', special_flag: '1', role_menu: ['*'] })],
    [reviewLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
    [reviewUnlockRoute, () => ({ released: true })],
    [reviewDetailRoute, () => detail()],
    [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
    ...overrides,
  ]);
  call.mockImplementation(async (route: RouteDescriptor, input: Record<string, unknown>) => {
    const handler = handlers.get(route);
    if (!handler) throw new ApiError(404, `未模拟的请求：${route.path}`, route.path);
    return handler(input);
  });
}

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/manager/exam_mg/rev_apr_detail', element: <RevAprDetail /> },
      { path: '/manager/exam_mg/second_trial', element: <div>主审列表</div> },
    ],
    { initialEntries: [`/manager/exam_mg/rev_apr_detail?order_id=${ORDER_ID}`] },
  );
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;
const callsOf = (route: RouteDescriptor) => call.mock.calls.filter(([r]) => r === route).map(([, i]) => i);

async function opened() {
  const rendered = renderDetail();
  await screen.findByText('谷丙转氨酶');
  await waitFor(() => expect(button('保存').disabled).toBe(false));
  return rendered;
}

// antd's text areas, collapses and modals render slowly under jsdom.
vi.setConfig({ testTimeout: 30_000 });

describe('总检详情', () => {
  beforeEach(() => {
    call.mockReset();
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
    serve([
      [
        reviewLockRoute,
        () => {
          throw new ApiError(423, refusal, reviewLockRoute.path);
        },
      ],
    ]);
    const view = renderDetail();
    expect(await screen.findByText(`${refusal}（只读打开）`)).toBeTruthy();
    expect(textbox('总检结论').readOnly).toBe(true);
    expect(textbox('建议').readOnly).toBe(true);
    for (const name of ['保存', '通过', '退回', '生成结论']) expect(button(name).disabled).toBe(true);
    view.unmount();
    expect(callsOf(reviewUnlockRoute)).toEqual([]);
  });

  it('generates the conclusion from every department’s diagnoses, once each, and saves it', async () => {
    serve([
      [reviewSaveRoute, (input) => detail({ conclusion: String(input.conclusion), advice: String(input.advice) })],
    ]);
    await opened();
    fireEvent.click(button('生成结论'));
    expect(textbox('总检结论').value).toBe('1. 肝功能异常\n2. 脂肪肝');
    expect(textbox('建议').value).toBe('1. 肝功能异常：复查肝功能\n2. 脂肪肝：低脂饮食');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(callsOf(reviewSaveRoute)).toHaveLength(1));
    expect(callsOf(reviewSaveRoute)[0]).toEqual({
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
    expect(callsOf(reviewUnlockRoute)).toEqual([{ order_id: ORDER_ID }]);
    await opened();
    expect(await screen.findByText('是否恢复草稿', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    fireEvent.click(button('恢复草稿'));
    await waitFor(() => expect(textbox('总检结论').value).toBe('1. 脂肪肝'));
  });

  it('passes the step with the conclusion and goes back to the worklist', async () => {
    serve([[reviewPassRoute, () => ({ order_id: ORDER_ID, order_status: 'main_trial' })]]);
    await opened();
    fireEvent.click(button('通过'));
    expect(await screen.findByText('请先填写总检结论')).toBeTruthy();
    expect(callsOf(reviewPassRoute)).toEqual([]);

    fireEvent.change(textbox('总检结论'), { target: { value: '1. 脂肪肝' } });
    fireEvent.click(button('通过'));
    expect(await screen.findByText('主审列表')).toBeTruthy();
    expect(callsOf(reviewPassRoute)).toEqual([
      { order_id: ORDER_ID, step: 'main', conclusion: '1. 脂肪肝', advice: '' },
    ]);
  });

  it('returns only with a reason, to the previous step or to the chosen departments', async () => {
    serve([[reviewReturnRoute, () => ({ order_id: ORDER_ID, order_status: 'depts_done' })]]);
    await opened();
    fireEvent.click(button('退回'));
    fireEvent.click(await screen.findByRole('button', { name: /确认退回/ }));
    expect(await screen.findByText('请填写退回原因')).toBeTruthy();
    expect(callsOf(reviewReturnRoute)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: '退回原因' }), { target: { value: '请补充建议' } });
    fireEvent.click(screen.getByRole('button', { name: /确认退回/ }));
    expect(await screen.findByText('主审列表')).toBeTruthy();
    expect(callsOf(reviewReturnRoute)).toEqual([
      { order_id: ORDER_ID, step: 'main', target: 'previous', reason: '请补充建议', exam_dept_ids: undefined },
    ]);
  });

  it('sends the departments chosen when returning to them', async () => {
    serve([[reviewReturnRoute, () => ({ order_id: ORDER_ID, order_status: 'in_exam' })]]);
    await opened();
    fireEvent.click(button('退回'));
    fireEvent.click(await screen.findByRole('radio', { name: '退回科室' }));
    fireEvent.change(screen.getByRole('textbox', { name: '退回原因' }), { target: { value: '超声报告缺失' } });
    fireEvent.click(screen.getByRole('button', { name: /确认退回/ }));
    expect(await screen.findByText('请选择要退回的科室')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '超声科' }));
    fireEvent.click(screen.getByRole('button', { name: /确认退回/ }));
    await waitFor(() => expect(callsOf(reviewReturnRoute)).toHaveLength(1));
    expect(callsOf(reviewReturnRoute)[0]).toMatchObject({ target: 'depts', exam_dept_ids: '[8]' });
  });
});
