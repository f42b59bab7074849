import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getParameterRoute,
  reviewBatchPassRoute,
  reviewDetailRoute,
  reviewLockRoute,
  reviewPassRoute,
  reviewUnlockRoute,
  reviewUnpassRoute,
  reviewWorklistRoute,
  userInfoRoute,
  type ReviewDetail,
  type ReviewWorklistRow,
} from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { OpenReview } from '../../review-detail/open-review';
import { ReviewWorklist } from '../../review-worklist/review-worklist';

const ORDER_ID = '20261121000123';
const CHIEF = { id: 6, user_name: '周文博', user_account: 'chief', special_flag: '1', role_menu: ['*'] };

const detail = (fields: Partial<ReviewDetail> = {}): ReviewDetail => ({
  order_id: ORDER_ID,
  order_status: 'first_trial',
  step: 'main',
  exam_type: 'health',
  exam_date: '2026-11-21',
  harm_factors: [],
  customer: { cust_name: '张三', sex: '1', age: 46, special_flag: '0' },
  package_name: null,
  conclusion: '1. 脂肪肝',
  advice: '',
  correction_status: '0',
  review_exception_flag: '0',
  depts: [],
  reviews: [
    { step: 'first', result: 'pass', reason: null, reviewer_name: '周文博', created_at: '2026-11-21T02:00:00Z' },
  ],
  ...fields,
});

const row = (orderId: string): ReviewWorklistRow => ({
  order_id: orderId,
  cust_name: '张三',
  sex: '1',
  age: 40,
  special_flag: '0',
  exam_type: 'health',
  exam_date: '2026-11-21',
  order_status: 'depts_done',
  step: 'first',
  reviewer_id: null,
  reviewer_name: null,
  exception_flag: '0',
  return_reason: null,
});

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s*')}$`) }) as HTMLButtonElement;

/** Issue 20: 通过 asks and runs once; 反审 needs its reason; 批量通过 builds its list by scanning. */
describe('review levels', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks before a pass, opens one question for two clicks and calls once while the pass runs', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const server = fakeApi([
      [userInfoRoute, () => CHIEF],
      [reviewLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
      [reviewUnlockRoute, () => ({ released: true })],
      [reviewDetailRoute, () => detail()],
      [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
      [reviewPassRoute, () => new Promise((resolve) => (finish = resolve))],
      [reviewUnpassRoute, () => ({ order_id: ORDER_ID, order_status: 'depts_done' })],
    ]);
    renderScreen(<OpenReview variant="standard" />, {
      route: `/manager/exam_mg/rev_apr_detail?order_id=${ORDER_ID}`,
      pages: { '/manager/exam_mg/second_trial': <div>主审列表</div> },
    });
    await waitFor(() => expect(button('通过').disabled).toBe(false));

    fireEvent.click(button('通过'));
    fireEvent.click(button('通过'));
    const title = { selector: '.ant-modal-confirm-title' };
    expect(await screen.findByText('确认主审通过？', title)).toBeTruthy();
    expect(screen.getAllByText('确认主审通过？', title)).toHaveLength(1);
    expect(server.calls(reviewPassRoute)).toEqual([]);

    const ok = screen.getByRole('button', { name: /确认通过/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.calls(reviewPassRoute)).toHaveLength(1));
    // While the pass runs, the detail's own button is disabled too.
    const passButton = () => screen.getByRole('button', { name: /^(loading\s*)?通\s*过$/ }) as HTMLButtonElement;
    await waitFor(() => expect(passButton().disabled).toBe(true));
    fireEvent.click(passButton());
    finish({ order_id: ORDER_ID, order_status: 'main_trial' });
    expect(await screen.findByText('主审列表')).toBeTruthy();
    expect(server.calls(reviewPassRoute)).toEqual([
      { order_id: ORDER_ID, step: 'main', conclusion: '1. 脂肪肝', advice: '' },
    ]);
  });

  it('takes back the level passed last only with a reason', async () => {
    const server = fakeApi([
      [userInfoRoute, () => CHIEF],
      [reviewLockRoute, () => ({ order_id: ORDER_ID, locked_until: '2026-11-21T10:30:00Z' })],
      [reviewUnlockRoute, () => ({ released: true })],
      [reviewDetailRoute, () => detail()],
      [getParameterRoute, () => ({ param_code: '0030', param_value: { ai_review: { enable: false } } })],
      [reviewUnpassRoute, () => ({ order_id: ORDER_ID, order_status: 'depts_done' })],
    ]);
    renderScreen(<OpenReview variant="standard" />, {
      route: `/manager/exam_mg/rev_apr_detail?order_id=${ORDER_ID}`,
    });
    fireEvent.click(await screen.findByRole('button', { name: /反审初审/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确认反审/ }));
    expect(await screen.findByText('请填写反审原因')).toBeTruthy();
    expect(server.calls(reviewUnpassRoute)).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: '反审原因' }), { target: { value: '漏写脂肪肝' } });
    fireEvent.click(screen.getByRole('button', { name: /确认反审/ }));
    await waitFor(() =>
      expect(server.calls(reviewUnpassRoute)).toEqual([{ order_id: ORDER_ID, step: 'first', reason: '漏写脂肪肝' }]),
    );
  });

  it('builds the 批量通过 list by scanning, refusing duplicates and unknown codes, then passes it in one call', async () => {
    const waiting = new Set(['20261121000001', '20261121000002']);
    const server = fakeApi([
      [userInfoRoute, () => CHIEF],
      [
        reviewWorklistRoute,
        (input) => {
          const list = input.keyword
            ? [...waiting].filter((id) => id === input.keyword).map(row)
            : [...waiting].map(row);
          return { list, total: list.length, page: 1, size: 20 };
        },
      ],
      [
        reviewBatchPassRoute,
        () => ({
          results: [
            { order_id: '20261121000001', passed: true, order_status: 'first_trial', msg: null },
            {
              order_id: '20261121000002',
              passed: false,
              order_status: null,
              msg: '以下项目尚未完成，不能总检：心电图（迟检）',
            },
          ],
        }),
      ],
    ]);
    // 初审's worklist (exam_mg/first_trial), where the chief scans.
    renderScreen(<ReviewWorklist title="初审" tableKey="first_trial" step="first" />);
    fireEvent.click(await screen.findByRole('button', { name: '批量通过' }));
    const scan = (await screen.findByRole('textbox', { name: '扫描体检号' })) as HTMLInputElement;
    const enter = (code: string) => {
      fireEvent.change(scan, { target: { value: code } });
      // A scanner types the code and presses Enter (down and up).
      fireEvent.keyDown(scan, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.keyUp(scan, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };

    enter('20261121000001');
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('20261121000001')).toBeTruthy();
    await waitFor(() => expect(scan.value).toBe(''));
    enter('20261121000001');
    expect(await screen.findByText('体检号「20261121000001」已在列表中')).toBeTruthy();
    enter('20261121999999');
    expect(await screen.findByText('体检号「20261121999999」不存在或不在待初审列表中')).toBeTruthy();
    enter('20261121000002');
    expect(await within(dialog).findByText('20261121000002')).toBeTruthy();
    expect(within(dialog).queryByText('20261121999999')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: /全部通过/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确认通过/ }));
    expect(await screen.findByText('以下项目尚未完成，不能总检：心电图（迟检）')).toBeTruthy();
    expect(server.calls(reviewBatchPassRoute)).toEqual([
      { step: 'first', order_ids: JSON.stringify(['20261121000001', '20261121000002']) },
    ]);
    expect(within(dialog).getByText('已通过')).toBeTruthy();
    expect(within(dialog).getByText('未通过')).toBeTruthy();
  }, 30_000);
});
