import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/render-screen';
import { MappingStep, type UploadedSheet } from '../components/mapping-step';

const posSheet: UploadedSheet = {
  file_id: 5,
  file_name: 'pos.csv',
  encoding: 'GBK',
  headers: ['日期', '终端', '参考号', '金额'],
  preview: [['2026-11-20 09:00:00', 'T01', '000111', '88.00']],
  row_count: 2,
  mapping: { trade: '', amount: '', time: '', refund: '' },
};

const wechatSheet: UploadedSheet = {
  ...posSheet,
  file_name: '微信账单.xlsx',
  encoding: null,
  headers: ['交易时间', '商户订单号', '订单金额', '退款金额'],
  preview: [['2026-11-20 10:00:05', 'WX001', '100.00', '0']],
  mapping: { trade: '商户订单号', amount: '订单金额', time: '交易时间', refund: '退款金额' },
};

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const found = await screen.findAllByTitle(option);
  fireEvent.click(found[found.length - 1]!);
}

/** 新建对账's mapping step (issue 23): the header's columns mapped to 流水号/金额/时间 before matching. */
describe('对账：对应列', () => {
  it('asks for the columns a layout of its own lacks, then matches with the ones chosen', async () => {
    const onMatch = vi.fn();
    renderScreen(<MappingStep sheet={posSheet} onBack={() => undefined} onMatch={onMatch} />);
    expect(screen.getByText('文件：pos.csv，共2行（GBK 编码）')).toBeTruthy();
    expect(screen.getByText('请选择流水号、金额、时间列')).toBeTruthy();
    expect(screen.getByText('000111')).toBeTruthy();
    const start = screen.getByRole('button', { name: '开始对账' });
    expect((start as HTMLButtonElement).disabled).toBe(true);

    await choose('流水号列', '参考号');
    await choose('金额列', '金额');
    expect(screen.getByText('请选择时间列')).toBeTruthy();
    await choose('时间列', '日期');
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(start);
    expect(onMatch).toHaveBeenCalledWith({ trade: '参考号', amount: '金额', time: '日期', refund: undefined });
  });

  it('starts from the channel template’s columns, refunds included', () => {
    const onMatch = vi.fn();
    renderScreen(<MappingStep sheet={wechatSheet} onBack={() => undefined} onMatch={onMatch} />);
    expect(screen.queryByText(/请选择.*列/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '开始对账' }));
    expect(onMatch).toHaveBeenCalledWith({
      trade: '商户订单号',
      amount: '订单金额',
      time: '交易时间',
      refund: '退款金额',
    });
  });
});
