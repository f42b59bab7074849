import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setServiceTypeRoute, type VersionInfo } from '@checkup/api-contract';
import { versionQueryOptions } from '../api/get-version';
import { LAST_EXTERNAL_REPORT_ID_KEY } from '../../features/session/switch-server-mode';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { useServerModeSwitch } from './server-mode-menu';
import { TABS_STORAGE_KEY } from './tabs-store';

function Switcher({ reload }: { reload: () => void }) {
  const onMenuClick = useServerModeSwitch(reload);
  return (
    <>
      <button onClick={() => onMenuClick('service-mode:1')}>切到体检服务器</button>
      <button onClick={() => onMenuClick('service-mode:2')}>切到外部服务器</button>
    </>
  );
}

function renderSwitcher(reload: () => void) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(versionQueryOptions.queryKey, { service_type: 1 } as VersionInfo);
  renderScreen(<Switcher reload={reload} />, { queryClient });
}

let server: FakeApi;

describe('切换服务模式 in the user menu (spec §4)', () => {
  beforeEach(() => {
    server = fakeApi([[setServiceTypeRoute, () => ({ service_type: 2 })]]);
    localStorage.clear();
    sessionStorage.clear();
  });

  it('warns and does nothing when the mode is already active', async () => {
    const reload = vi.fn();
    renderSwitcher(reload);
    fireEvent.click(screen.getByText('切到体检服务器'));
    expect(await screen.findByText('当前就是体检服务器无需切换')).toBeTruthy();
    expect(server.call).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('switches after two confirmation dialogs', async () => {
    const tabs = [
      { path: '/manager/exam_mg/home_page', search: '', title: '首页' },
      { path: '/manager/eim/EimInfoExport', search: '', title: '外检信息导出' },
    ];
    sessionStorage.setItem(TABS_STORAGE_KEY, JSON.stringify(tabs));
    localStorage.setItem(LAST_EXTERNAL_REPORT_ID_KEY, '88');
    const reload = vi.fn();
    renderSwitcher(reload);
    fireEvent.click(screen.getByText('切到外部服务器'));
    expect(await screen.findByText('确定要切换到外部服务器吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('切换后将关闭外检页面并重新加载系统，请再次确认切换到外部服务器。');
    expect(server.call).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(buttons.at(-1)!);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.call).toHaveBeenCalledWith(setServiceTypeRoute, { type: 2 });
    expect(JSON.parse(sessionStorage.getItem(TABS_STORAGE_KEY)!).map((t: { path: string }) => t.path)).toEqual([
      '/manager/exam_mg/home_page',
    ]);
    expect(localStorage.getItem(LAST_EXTERNAL_REPORT_ID_KEY)).toBeNull();
  });
});
