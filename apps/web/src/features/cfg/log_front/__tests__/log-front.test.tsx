import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { frontLogResource, type FrontLogRow } from '@checkup/api-contract';
import { ApiError } from '../../../../lib/api-error';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import LogFront from '../index';

const ROWS: FrontLogRow[] = [
  {
    id: 12,
    log_type: 'error',
    log_source: '体检系统',
    log_content: JSON.stringify({
      message: "Cannot read properties of undefined (reading 'dept_name')",
      errorName: 'TypeError',
      stacktrace: 'TypeError: boom\n    at DeptDiagDetail (dept_diag_detail.js:42:7)',
      url: 'http://10.0.0.8:8080/#/manager/exam_mg/dept_diag_detail',
      version: '1.0.0',
      client: { userAgent: 'Mozilla/5.0 Chrome/120' },
    }),
    user_account: 'doctor1',
    user_name: '钱医生',
    ip: '10.0.0.31',
    created_at: '2026-11-22T02:15:00.000Z',
  },
  {
    id: 11,
    log_type: 'warn',
    log_source: 'bff-duplicate-guard',
    log_content: JSON.stringify({
      message: 'please do not repeat the request',
      method: 'POST',
      url: '/manager/api/order/save',
    }),
    user_account: null,
    user_name: null,
    ip: null,
    created_at: '2026-11-22T01:00:00.000Z',
  },
];

let server: FakeApi;
const lastFilter = () => server.calls(frontLogResource.routes.list).at(-1);

describe('前端日志', () => {
  beforeEach(() => {
    server = fakeApi([
      [
        frontLogResource.routes.list,
        (input) => {
          if (input.key === 'forbidden')
            throw new ApiError(403, '没有权限执行此操作，请联系管理员', frontLogResource.routes.list.path);
          const list = ROWS.filter((r) => !input.log_type || r.log_type === input.log_type);
          return { list, total: list.length, total_capped: false, page: input.page, size: input.size };
        },
      ],
    ]);
  });

  it('lists each entry by its message, page and reporter, newest first', async () => {
    renderScreen(<LogFront />);
    const error = (await screen.findByText("Cannot read properties of undefined (reading 'dept_name')")).closest('tr')!;
    expect(within(error as HTMLElement).getByText('错误')).toBeTruthy();
    expect(within(error as HTMLElement).getByText('/manager/exam_mg/dept_diag_detail')).toBeTruthy();
    expect(within(error as HTMLElement).getByText('钱医生（doctor1）')).toBeTruthy();
    const warning = screen.getByText('please do not repeat the request').closest('tr') as HTMLElement;
    expect(within(warning).getByText('POST /manager/api/order/save')).toBeTruthy();
    expect(within(warning).getByText('未登录')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(lastFilter()).toEqual({ page: 1, size: 20 });
  });

  it('filters by type and by words, back on the first page', async () => {
    renderScreen(<LogFront />);
    await screen.findByText('please do not repeat the request');
    fireEvent.mouseDown(screen.getByLabelText('日志类型'));
    // antd's options carry their label as a title (the selected one repeats it).
    fireEvent.click((await screen.findAllByTitle('警告')).find((e) => e.classList.contains('ant-select-item'))!);
    await waitFor(() => expect(lastFilter()).toMatchObject({ log_type: 'warn', page: 1 }));
    await waitFor(() => expect(screen.queryByText('钱医生（doctor1）')).toBeNull());

    const search = screen.getByLabelText('内容、账号或姓名');
    fireEvent.change(search, { target: { value: '  doctor1 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastFilter()).toMatchObject({ log_type: 'warn', key: 'doctor1', page: 1 }));

    const source = screen.getByLabelText('来源');
    fireEvent.change(source, { target: { value: '自助' } });
    expect(lastFilter()).not.toHaveProperty('log_source', '自助');
    fireEvent.keyDown(source, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastFilter()).toMatchObject({ log_source: '自助' }));
  });

  it('opens an entry whole: its stack and the stored content', async () => {
    renderScreen(<LogFront />);
    const error = (await screen.findByText('钱医生（doctor1）')).closest('tr') as HTMLElement;
    fireEvent.click(within(error).getByRole('button', { name: /查\s*看/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('日志详情')).toBeTruthy();
    expect(within(drawer).getByLabelText('调用栈').textContent).toContain(
      'at DeptDiagDetail (dept_diag_detail.js:42:7)',
    );
    expect(within(drawer).getByText('Mozilla/5.0 Chrome/120')).toBeTruthy();
    expect(within(drawer).getByLabelText('日志内容').textContent).toContain('"errorName": "TypeError"');
  });

  it("shows the server's refusal in Chinese", async () => {
    renderScreen(<LogFront />);
    await screen.findByText('please do not repeat the request');
    const search = screen.getByLabelText('内容、账号或姓名');
    fireEvent.change(search, { target: { value: 'forbidden' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByRole('alert')).textContent).toBe('没有权限执行此操作，请联系管理员');
  });
});
