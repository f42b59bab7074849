import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { functionHelpRoute, menuSettingsRoute, type FunctionHelp, type MenuSetting } from '@checkup/api-contract';
import { api } from '../../lib/api';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { NO_HELP, PageHelp } from './page-help';
import { SideMenu } from './side-menu';

const setting = (menu_key: string, patch: Partial<MenuSetting>): MenuSetting => ({
  menu_key,
  title: null,
  sort: null,
  hidden: false,
  quick_access: null,
  ...patch,
});

afterEach(() => vi.restoreAllMocks());

describe('the shell following 菜单分类', () => {
  it('shows an area under its new title, in the saved order, without the hidden entry', async () => {
    fakeApi([
      [
        menuSettingsRoute,
        () => [
          setting('cfg', { title: '系统管理' }),
          setting('cfg/log_front', { sort: -1 }),
          setting('cfg/par_cfg', { hidden: true }),
        ],
      ],
    ]);
    renderScreen(<SideMenu roleMenu={['*']} />, { route: '/manager/cfg/log_front' });
    const menu = screen.getByTestId('side-menu');
    expect(await within(menu).findByText('系统管理')).toBeTruthy();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    const cfg = items.slice(items.indexOf('前端日志'));
    expect(cfg.slice(0, 3)).toEqual(['前端日志', '角色管理', '账号管理']);
    expect(items).not.toContain('参数设置');
    // The table's title is gone from the menu once the settings arrive.
    expect(within(menu).queryByText('系统设置')).toBeNull();
  });
});

describe('the side menu following the address', () => {
  it('opens the area and the group of a screen reached by its address, and of the next one', async () => {
    fakeApi([[menuSettingsRoute, () => []]]);
    const { router } = renderScreen(<SideMenu roleMenu={['*']} />, {
      route: '/manager/exam_cfg/ultrasonic_cfg/item',
      path: '*',
    });
    const menu = screen.getByTestId('side-menu');
    // antd renders the items of an open submenu only: the screen's entry shows because its group is open.
    expect(await within(menu).findByText('所见描述')).toBeTruthy();
    expect(within(menu).queryByText('角色管理')).toBeNull();
    await act(() => router.navigate('/manager/cfg/role_mg'));
    expect(await within(menu).findByText('角色管理')).toBeTruthy();
    // What was open stays open.
    expect(within(menu).getByText('所见描述')).toBeTruthy();
  });
});

describe('the page help icon (spec §5)', () => {
  const show = async (help: FunctionHelp | null) => {
    const server = fakeApi([[functionHelpRoute, () => help]]);
    renderScreen(<PageHelp uniqueKey="exam_mg/order_mg" fail={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '功能帮助' }));
    return server;
  };

  it('loads the screen’s text document by its menu key and shows it as text, never as HTML', async () => {
    const server = await show({
      doc_name: '登记管理说明',
      doc_type: 'text',
      content: '第一步\n<b>第二步</b>',
      file_id: null,
    });
    expect(await screen.findByText('登记管理说明')).toBeTruthy();
    expect(screen.getByText(/<b>第二步<\/b>/)).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(server.calls(functionHelpRoute)).toEqual([{ unique_key: 'exam_mg/order_mg' }]);
  });

  it('says there is none for a screen without a document, and opens a PDF in a new tab', async () => {
    await show(null);
    expect(await screen.findByText(NO_HELP)).toBeTruthy();
    cleanup();

    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const download = vi.spyOn(api, 'download').mockResolvedValue(new Blob(['%PDF-'], { type: 'application/pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:help-pdf');
    await show({ doc_name: '登记管理手册', doc_type: 'pdf', content: null, file_id: 7 });
    fireEvent.click(await screen.findByRole('button', { name: /打开PDF说明/ }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:help-pdf'));
    expect(download.mock.calls[0]![1]).toEqual({ id: 7 });
  });
});
