import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  GROUP_REPORT_OCCUPATIONAL_NOTE,
  GROUP_REPORT_REVIEW_ACCESS,
  groupReportDetailRoute,
  groupReportReviewRoute,
  groupReportUnreviewRoute,
  userInfoRoute,
  type GroupReportDetail as Detail,
  type GroupReportRow,
  type GroupReportSnapshot,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import GroupReportDetail from '../index';

const row = (over: Partial<GroupReportRow>): GroupReportRow => ({
  id: 7,
  sample_name: '2026年度健康体检',
  company_id: 1,
  company_name: '绿源科技有限公司',
  group_order_id: 2,
  order_no: 'TD202611010001',
  order_name: '年度体检',
  branch_id: 1,
  branch_name: '总院',
  date_from: '2026-11-01',
  date_to: '2026-11-05',
  sex: null,
  include_absent: false,
  state: 'submitted',
  reject_reason: null,
  generated_at: '2026-11-06T02:00:00.000Z',
  created_by_name: '统计员',
  reviewed_by_name: null,
  reviewed_at: null,
  created_at: '2026-11-06T01:00:00.000Z',
  ...over,
});

const snapshot: GroupReportSnapshot = {
  generated_at: '2026-11-06T02:00:00.000Z',
  people: [
    { label: '参检', male: 1, female: 2, total: 3 },
    { label: '未检', male: 1, female: 0, total: 1 },
    { label: '合计', male: 2, female: 2, total: 4 },
  ],
  ages: [{ label: '30～39岁', male: 1, female: 0, total: 1, percent: '33.3' }],
  dates: [{ date: '2026-11-02', male: 1, female: 1, total: 2 }],
  findings: [{ diag_name: '脂肪肝', male: 1, female: 1, total: 2, population: 3, percent: '66.7' }],
  items: [{ union_name: '血常规', ordered: 3, male: 1, female: 1, total: 2, percent: '66.7' }],
  positives: [
    { order_id: '20261102700001', name: '张*', sex: '男', age: 31, diag_name: '脂肪肝', advice: '低脂饮食，复查B超' },
  ],
  completion: [
    {
      order_id: '20261102700002',
      name: '李*',
      status_label: '检查中',
      pending_items: ['胸部DR'],
      chief_done: false,
      printed: false,
    },
  ],
  population: 3,
};

let server: FakeApi;
const open = (menu: string[], report: Detail) => {
  server = fakeApi([
    [userInfoRoute, () => ({ id: 3, user_account: 'lead', user_name: '主任', special_flag: '0', role_menu: menu })],
    [groupReportDetailRoute, () => report],
    [groupReportReviewRoute, () => row({ state: 'rejected' })],
    [groupReportUnreviewRoute, () => row({ state: 'submitted' })],
  ]);
  return renderScreen(<GroupReportDetail />, { route: '/manager/bi/group_report_detail?id=7' });
};

describe('团检报告详情', () => {
  beforeEach(() => {
    server = fakeApi([]);
  });

  it('shows the analysis tabs of the snapshot, with the occupational tables marked as coming', async () => {
    open(['bi/group_report'], { report: row({}), snapshot });
    expect(await screen.findByText('绿源科技有限公司 · 2026年度健康体检')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '人员构成' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '检出' }));
    const finding = (await screen.findAllByText('脂肪肝')).map((cell) => cell.closest('tr')).find(Boolean)!;
    expect(within(finding).getByText('66.7%')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '完成情况' }));
    expect(await screen.findByText('胸部DR')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '职业健康' }));
    expect(await screen.findByText(new RegExp(GROUP_REPORT_OCCUPATIONAL_NOTE))).toBeTruthy();
    // Without the review permission there is nothing to review with.
    expect(screen.queryByRole('button', { name: '审核通过' })).toBeNull();
    expect(screen.getByRole('button', { name: '打印PDF' })).toBeTruthy();
  });

  it('审核不通过 asks for 未通过原因 and sends it', async () => {
    const menu = ['bi/group_report', GROUP_REPORT_REVIEW_ACCESS];
    open(menu, { report: row({}), snapshot });
    fireEvent.click(await screen.findByRole('button', { name: '审核不通过' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: /确\s*定/ });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('未通过原因'), { target: { value: '口径需复核' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(server.calls(groupReportReviewRoute)).toEqual([{ id: 7, pass: '0', reason: '口径需复核' }]),
    );
  });

  it('offers 反审核 on a refused report, with its 未通过原因, and no 审核', async () => {
    open(['bi/group_report', GROUP_REPORT_REVIEW_ACCESS], {
      report: row({ state: 'rejected', reject_reason: '口径需复核' }),
      snapshot,
    });
    fireEvent.click(await screen.findByRole('button', { name: '反审核' }));
    await waitFor(() => expect(server.calls(groupReportUnreviewRoute)).toEqual([{ id: 7 }]));
    expect(screen.getByText('口径需复核')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '审核通过' })).toBeNull();
  });
});
