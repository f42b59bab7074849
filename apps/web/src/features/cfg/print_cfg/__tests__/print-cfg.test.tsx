import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRINT_SETTINGS,
  printConfigRoute,
  savePrintDefaultsRoute,
  saveWorkstationRoute,
  workstationListRoute,
  type PrintConfig,
  type Workstation,
} from '@checkup/api-contract';
import { WORKSTATION_ID_KEY } from '../../../../lib/workstation/workstation-id';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import PrintCfg from '../index';

const DESK: Workstation = {
  workstation_id: 'a'.repeat(32),
  workstation_name: '登记台1',
  overrides: { printers: { guide_sheet: '登记台针式打印机' } },
  updated_at: '2026-11-22T02:00:00.000Z',
};
const KIOSK: Workstation = {
  workstation_id: 'b'.repeat(32),
  workstation_name: '自助机1',
  overrides: {},
  updated_at: '2026-11-22T03:00:00.000Z',
};

function serve() {
  const config: PrintConfig = {
    defaults: DEFAULT_PRINT_SETTINGS,
    defaults_updated_at: null,
    workstation: DESK,
    effective: {
      ...DEFAULT_PRINT_SETTINGS,
      printers: { ...DEFAULT_PRINT_SETTINGS.printers, guide_sheet: '登记台针式打印机' },
    },
  };
  return fakeApi([
    [printConfigRoute, () => config],
    [workstationListRoute, () => [DESK, KIOSK]],
    [savePrintDefaultsRoute, (input) => ({ defaults: JSON.parse(input.settings), defaults_updated_at: '' })],
    [saveWorkstationRoute, (input) => ({ ...KIOSK, overrides: JSON.parse(input.overrides) })],
  ]);
}

let server: FakeApi;

const formOf = (name: string) => screen.getByRole('form', { name }) as HTMLElement;
/** A row of the 工作站设置 list (the one with an 编辑 button). */
const workstationRow = (name: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(name) && r.textContent.includes('编辑'));
    if (!row) throw new Error(`工作站设置中没有 ${name}`);
    return row;
  });

describe('打印配置', () => {
  beforeEach(() => {
    localStorage.setItem(WORKSTATION_ID_KEY, DESK.workstation_id);
    server = serve();
  });

  it('shows what this workstation prints with, marking its own settings and its row', async () => {
    renderScreen(<PrintCfg />);
    expect(await screen.findByText('登记台针式打印机')).toBeTruthy();
    expect(server.call).toHaveBeenCalledWith(printConfigRoute, { workstation_id: DESK.workstation_id });
    const ownLabel = screen.getAllByText('本工作站', { selector: '.ant-tag' });
    expect(ownLabel).toHaveLength(1);
    expect(ownLabel[0]!.closest('th')?.textContent).toContain('指引单打印机');
    expect(within(await workstationRow('自助机1')).getByText('无（使用默认设置）')).toBeTruthy();
    const desk = await workstationRow('登记台1');
    expect(within(desk).getByText('本机')).toBeTruthy();
    expect(within(desk).getByText('指引单打印机')).toBeTruthy();
  });

  it('saves the centre defaults, refusing by the contract’s rules on the field first', async () => {
    renderScreen(<PrintCfg />);
    const defaults = await waitFor(() => formOf('默认打印设置'));
    const address = within(defaults).getByLabelText('打印服务地址');
    fireEvent.change(address, { target: { value: 'http://127.0.0.1:8000' } });
    fireEvent.click(within(defaults).getByRole('button', { name: /保存默认设置/ }));
    expect(await screen.findByText('打印服务地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8000/')).toBeTruthy();
    expect(server.calls(savePrintDefaultsRoute)).toEqual([]);

    fireEvent.change(address, { target: { value: 'http://10.0.0.20:8000/' } });
    fireEvent.change(within(defaults).getByLabelText('备用打印服务地址'), { target: { value: '' } });
    fireEvent.change(within(defaults).getByLabelText('报告打印机'), { target: { value: '报告室激光打印机' } });
    fireEvent.click(within(defaults).getByRole('button', { name: /保存默认设置/ }));
    expect(await screen.findByText('默认打印设置已保存')).toBeTruthy();
    expect(server.calls(savePrintDefaultsRoute).map((input) => JSON.parse(input.settings))).toEqual([
      {
        ...DEFAULT_PRINT_SETTINGS,
        print_service_urls: ['http://10.0.0.20:8000/'],
        printers: { ...DEFAULT_PRINT_SETTINGS.printers, report: '报告室激光打印机' },
      },
    ]);
  });

  it('saves only what a workstation fills in as its own, and its reader address', async () => {
    renderScreen(<PrintCfg />);
    fireEvent.click(within(await workstationRow('自助机1')).getByRole('button', { name: '编辑' }));
    const form = await waitFor(() => formOf('工作站设置'));
    expect((within(form).getByLabelText('Word控件地址') as HTMLInputElement).placeholder).toBe(
      '默认：http://127.0.0.1:7832/',
    );
    fireEvent.change(within(form).getByLabelText('读卡地址'), { target: { value: 'http://127.0.0.1:8990' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('读卡地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8989/')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('读卡地址'), { target: { value: 'http://127.0.0.1:8990/' } });
    fireEvent.change(within(form).getByLabelText('条码打印机'), { target: { value: '自助机条码机' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('工作站“自助机1”的设置已保存')).toBeTruthy();
    expect(server.calls(saveWorkstationRoute)).toEqual([
      {
        workstation_id: KIOSK.workstation_id,
        workstation_name: '自助机1',
        overrides: JSON.stringify({ printers: { barcode: '自助机条码机' }, card_reader_url: 'http://127.0.0.1:8990/' }),
      },
    ]);
  });
});
