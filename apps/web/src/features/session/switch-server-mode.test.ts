import { describe, expect, it, vi } from 'vitest';
import { switchServerMode, withoutExternalTabs, type ServerModeEffects } from './switch-server-mode';

function fakeEffects(activeType: number | undefined, answers: boolean[] = [true, true]) {
  const steps: string[] = [];
  const fx: ServerModeEffects = {
    activeType,
    warn: vi.fn((text: string) => void steps.push(`warn:${text}`)),
    fail: vi.fn((text: string) => void steps.push(`fail:${text}`)),
    confirm: vi.fn(async (title: string) => {
      steps.push(`confirm:${title}`);
      return answers.shift() ?? false;
    }),
    removeExternalTabs: vi.fn(() => void steps.push('remove-tabs')),
    clearLastExternalReportId: vi.fn(() => void steps.push('clear-report-id')),
    postServiceType: vi.fn(async (type: number) => void steps.push(`post:${type}`)),
    reload: vi.fn(() => void steps.push('reload')),
  };
  return { fx, steps };
}

describe('server mode switch (spec §4)', () => {
  it.each([
    [1, '当前就是体检服务器无需切换'],
    [2, '当前就是外部服务器无需切换'],
  ] as const)('only warns when mode %i is already active', async (type, text) => {
    const { fx, steps } = fakeEffects(type);
    await expect(switchServerMode(type, fx)).resolves.toBe('already-active');
    expect(steps).toEqual([`warn:${text}`]);
  });

  it('asks twice, then removes the external tabs, clears the report id, posts and reloads', async () => {
    const { fx, steps } = fakeEffects(1);
    await expect(switchServerMode(2, fx)).resolves.toBe('switched');
    expect(steps).toEqual([
      'confirm:切换服务模式',
      'confirm:再次确认',
      'remove-tabs',
      'clear-report-id',
      'post:2',
      'reload',
    ]);
    expect(vi.mocked(fx.confirm).mock.calls[0]![1]).toBe('确定要切换到外部服务器吗？');
  });

  it.each([[[false]], [[true, false]]])('does nothing more when a confirmation is declined (%j)', async (answers) => {
    const { fx, steps } = fakeEffects(2, [...answers]);
    await expect(switchServerMode(1, fx)).resolves.toBe('cancelled');
    expect(steps.every((s) => s.startsWith('confirm:'))).toBe(true);
    expect(fx.postServiceType).not.toHaveBeenCalled();
  });

  it('shows the server message and does not reload when the post fails', async () => {
    const { fx, steps } = fakeEffects(0);
    vi.mocked(fx.postServiceType).mockRejectedValue(new Error('没有切换服务模式的权限，请联系管理员'));
    await expect(switchServerMode(1, fx)).resolves.toBe('failed');
    expect(steps.at(-1)).toBe('fail:没有切换服务模式的权限，请联系管理员');
    expect(fx.reload).not.toHaveBeenCalled();
  });

  it('removes only the tabs of the eim area', () => {
    const tabs = [
      { path: '/manager/exam_mg/home_page' },
      { path: '/manager/eim/EimInfoExport' },
      { path: '/manager/cfg/par_cfg' },
      { path: '/manager/eim/EimResultImport' },
    ];
    expect(withoutExternalTabs(tabs).map((t) => t.path)).toEqual([
      '/manager/exam_mg/home_page',
      '/manager/cfg/par_cfg',
    ]);
  });
});
