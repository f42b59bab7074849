import './test/jsdom-stubs.js';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FunctionHelpIcon } from './function-help-icon.js';

describe('FunctionHelpIcon', () => {
  it('warns 请传递unique_key! without a key and shows no help', () => {
    const warn = vi.fn();
    const loadHelp = vi.fn();
    render(<FunctionHelpIcon warn={warn} loadHelp={loadHelp} />);
    fireEvent.click(screen.getByRole('button', { name: '功能帮助' }));
    expect(warn).toHaveBeenCalledWith('请传递unique_key!');
    expect(loadHelp).not.toHaveBeenCalled();
    expect(screen.queryByText('功能说明')).toBeNull();
  });

  it('shows the help supplied for its key', async () => {
    const warn = vi.fn();
    const loadHelp = vi.fn(async (key: string) => `说明：${key}`);
    render(<FunctionHelpIcon uniqueKey="order_detail" warn={warn} loadHelp={loadHelp} />);
    fireEvent.click(screen.getByRole('button', { name: '功能帮助' }));
    expect(await screen.findByText('说明：order_detail')).toBeTruthy();
    expect(loadHelp).toHaveBeenCalledWith('order_detail');
    expect(warn).not.toHaveBeenCalled();
  });

  it('says so when the help cannot be loaded', async () => {
    const loadHelp = vi.fn(() => Promise.reject(new Error('down')));
    render(<FunctionHelpIcon uniqueKey="x" loadHelp={loadHelp} />);
    fireEvent.click(screen.getByRole('button', { name: '功能帮助' }));
    expect(await screen.findByText('帮助内容加载失败')).toBeTruthy();
  });

  it("warns through antd's message when no warn is passed", async () => {
    render(<FunctionHelpIcon loadHelp={() => null} />);
    fireEvent.click(screen.getByRole('button', { name: '功能帮助' }));
    expect(await screen.findByText('请传递unique_key!')).toBeTruthy();
  });
});
