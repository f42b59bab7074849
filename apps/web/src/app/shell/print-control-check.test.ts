import { describe, expect, it, vi } from 'vitest';
import { describePrintControls } from '@checkup/devices';
import { checkPrintControlsFor } from './print-control-check';

const client = (word: boolean, service: boolean) => ({
  checkPrintControls: vi.fn(async () => describePrintControls({ word_control: word, print_service: service })),
});
const given = (c: ReturnType<typeof client>) => async () => c;

describe('print-control check (spec §2)', () => {
  it('warns for 5 seconds about each missing control on a printing page', async () => {
    const warn = vi.fn();
    await checkPrintControlsFor('/manager/exam_mg/print_rpt', warn, given(client(false, true)));
    expect(warn).toHaveBeenCalledTimes(1);
    const [check, seconds] = warn.mock.calls[0]!;
    expect(seconds).toBe(5);
    expect(check.missing.map((m: { message: string }) => m.message)).toEqual(['未安装或未启动Word控件']);
  });

  it('stays quiet when both controls answer, and does not probe on other pages', async () => {
    const warn = vi.fn();
    await checkPrintControlsFor('/manager/exam_mg/order_mg_detail', warn, given(client(true, true)));
    const other = client(false, false);
    await checkPrintControlsFor('/manager/exam_mg/order_mg', warn, given(other));
    expect(warn).not.toHaveBeenCalled();
    expect(other.checkPrintControls).not.toHaveBeenCalled();
  });
});
