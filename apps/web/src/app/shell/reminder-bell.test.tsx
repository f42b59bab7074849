import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myRemindersRoute, readRemindersRoute } from '@checkup/api-contract';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { ReminderBell } from './reminder-bell';

const NOTICE = { key: 'notice:3', kind: 'notice', title: '周六停电', content: '周六全天停电', screen: null };
const CRITICAL = {
  key: 'critical_value:2026-11-28:2',
  kind: 'critical_value',
  title: '2条危急值未处理',
  content: '请处理',
  screen: 'exam_mg/ser_dis_mg',
};

/** The server's reminders of one account, and its read flags. */
function serve() {
  const read = new Set<string>(['notice:3']);
  const list = () =>
    [NOTICE, CRITICAL].map((r) => ({ ...r, created_at: '2026-11-28T01:00:00Z', read: read.has(r.key) }));
  return fakeApi([
    [myRemindersRoute, () => ({ list: list(), unread: list().filter((r) => !r.read).length })],
    [
      readRemindersRoute,
      ({ keys }) => {
        for (const r of list()) if (!keys?.length || keys.includes(r.key)) read.add(r.key);
        return { unread: list().filter((r) => !r.read).length };
      },
    ],
  ]);
}

describe('the header bell', () => {
  it('counts the unread reminders; opening one marks it read and goes to its screen', async () => {
    const server = serve();
    renderScreen(<ReminderBell />, {
      route: '/manager/exam_mg/home_page',
      pages: { '/manager/exam_mg/ser_dis_mg': <p>危急值管理页</p> },
    });
    fireEvent.click(await screen.findByRole('button', { name: '提醒，1条未读' }));
    fireEvent.click(await screen.findByText('2条危急值未处理'));
    expect(await screen.findByText('危急值管理页')).toBeTruthy();
    expect(server.calls(readRemindersRoute)).toEqual([{ keys: [CRITICAL.key] }]);
  });

  it('全部已读 marks every reminder read', async () => {
    const server = serve();
    renderScreen(<ReminderBell />);
    fireEvent.click(await screen.findByRole('button', { name: '提醒，1条未读' }));
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    expect(await screen.findByRole('button', { name: '提醒' })).toBeTruthy();
    await waitFor(() => expect(server.calls(readRemindersRoute)).toEqual([{ keys: [] }]));
  });
});
