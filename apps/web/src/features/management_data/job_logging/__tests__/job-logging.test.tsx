import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jobResource, jobRunsRoute, rerunJobRoute, userInfoRoute } from '@checkup/api-contract';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import JobLogging from '../index';

const job = (id: number, kind: string, state: string) => ({
  id,
  kind,
  state,
  run_at: '2026-11-28T01:00:00Z',
  attempts: state === 'failed' ? 3 : 0,
  max_attempts: 3,
  last_error: state === 'failed' ? '短信平台无应答' : null,
  created_by_name: null,
  created_at: '2026-11-28T00:00:00Z',
  updated_at: '2026-11-28T01:00:00Z',
});

function serve(roleMenu: string[]) {
  const jobs = [job(1, 'report_notice_sms', 'failed'), job(2, 'log_cleanup', 'pending')];
  return fakeApi([
    [userInfoRoute, () => ({ id: 1, user_account: 'it', user_name: '信息科', special_flag: '0', role_menu: roleMenu })],
    [jobResource.routes.list, () => ({ list: jobs, total: 2, page: 1, size: 20, total_capped: false })],
    [
      jobRunsRoute,
      () => [
        {
          id: 7,
          attempt: 1,
          worker: 'w',
          started_at: '2026-11-28T01:00:00Z',
          finished_at: '2026-11-28T01:00:02Z',
          duration_ms: 2000,
          outcome: 'failed',
          error: '短信平台无应答',
        },
      ],
    ],
    [rerunJobRoute, () => null],
  ]);
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('任务日志', () => {
  it('re-runs a failed job where the role grants it, and shows its runs', async () => {
    const server = serve(['management_data/job_logging', 'management_data/job_logging:rerun']);
    renderScreen(<JobLogging />);
    const failed = await rowOf('定时短信通知');
    expect(within(failed).getByText('3/3')).toBeTruthy();
    const pending = await rowOf('日志清理');
    expect(within(pending).queryByText('重新执行')).toBeNull();
    expect(within(pending).getByText(/^取\s*消$/)).toBeTruthy();

    fireEvent.click(await within(failed).findByText('重新执行'));
    const confirm = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    fireEvent.click(within(confirm).getByText('重新执行'));
    await waitFor(() => expect(server.calls(rerunJobRoute)).toEqual([{ id: 1 }]));

    fireEvent.click(within(failed).getByText('执行记录'));
    expect(await screen.findByText('2000')).toBeTruthy();
    expect(server.calls(jobRunsRoute)).toEqual([{ id: 1 }]);
  });

  it('offers no 重新执行 without its permission', async () => {
    const server = serve(['management_data/job_logging']);
    renderScreen(<JobLogging />);
    const failed = await rowOf('定时短信通知');
    await waitFor(() => expect(server.calls(userInfoRoute)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(failed).queryByText('重新执行')).toBeNull();
  });
});
