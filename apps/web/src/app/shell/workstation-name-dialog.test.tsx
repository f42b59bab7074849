import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRINT_SETTINGS,
  nameWorkstationRoute,
  printConfigRoute,
  type PrintConfig,
} from '@checkup/api-contract';
import { usePrintSettings } from '../../lib/workstation/use-print-settings';
import { WORKSTATION_ID_KEY } from '../../lib/workstation/workstation-id';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render-screen';
import { WorkstationNameDialog } from './workstation-name-dialog';

const DESK_PRINTERS = { ...DEFAULT_PRINT_SETTINGS.printers, guide_sheet: '登记台针式打印机' };

/** The server: a workstation is named once; named, it prints on its own guide-sheet printer. */
function serve() {
  let named: string | null = null;
  return fakeApi([
    [
      printConfigRoute,
      (input) => {
        const workstation = named
          ? { workstation_id: input.workstation_id!, workstation_name: named, overrides: {}, updated_at: '' }
          : null;
        const effective = named ? { ...DEFAULT_PRINT_SETTINGS, printers: DESK_PRINTERS } : DEFAULT_PRINT_SETTINGS;
        return { defaults: DEFAULT_PRINT_SETTINGS, defaults_updated_at: null, workstation, effective } as PrintConfig;
      },
    ],
    [
      nameWorkstationRoute,
      (input) => {
        named = input.workstation_name;
        return { workstation_id: input.workstation_id, workstation_name: named, overrides: {}, updated_at: '' };
      },
    ],
  ]);
}

/** A printing page: each print says which guide-sheet printer the settings gave it. */
function PrintingPage() {
  const printSettings = usePrintSettings();
  const [prints, setPrints] = useState<string[]>([]);
  const print = async () => {
    const printer = (await printSettings()).printers.guide_sheet || '默认打印机';
    setPrints((done) => [...done, printer]);
  };
  return (
    <>
      <Button onClick={print}>打印导检单</Button>
      {prints.map((printer, i) => (
        <div key={i}>{`第${i + 1}次打印到：${printer}`}</div>
      ))}
    </>
  );
}

const renderPage = () =>
  renderScreen(
    <>
      <PrintingPage />
      <WorkstationNameDialog />
    </>,
  );

let server: FakeApi;
const namings = () => server.calls(nameWorkstationRoute);

describe('为本工作站命名', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    server = serve();
  });

  it('asks the first print for the workstation’s name, by the contract’s rule, then prints with its settings', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('为本工作站命名');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写工作站名称')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('工作站名称'), { target: { value: ' 登记台1 ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第1次打印到：登记台针式打印机')).toBeTruthy();
    const id = localStorage.getItem(WORKSTATION_ID_KEY);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(namings()).toEqual([{ workstation_id: id, workstation_name: '登记台1' }]);

    // Named once: the next print asks nothing (a question would hold it).
    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    expect(await screen.findByText('第2次打印到：登记台针式打印机')).toBeTruthy();
    expect(namings()).toHaveLength(1);
  });

  it('prints with the centre’s settings when the user declines, and does not ask again this session', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: /暂不命名/ }));
    expect(await screen.findByText('第1次打印到：默认打印机')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    expect(await screen.findByText('第2次打印到：默认打印机')).toBeTruthy();
    expect(namings()).toEqual([]);
  });

  it('lets a second print made while the question is open wait for the same answer', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: '打印导检单' }));
    fireEvent.change(screen.getByLabelText('工作站名称'), { target: { value: '登记台2' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第2次打印到：登记台针式打印机')).toBeTruthy();
    expect(screen.getByText('第1次打印到：登记台针式打印机')).toBeTruthy();
    expect(namings()).toHaveLength(1);
  });
});
