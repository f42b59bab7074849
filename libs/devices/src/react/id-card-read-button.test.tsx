import { DEFAULT_CARD_READER_PARAM, idNumberCheckChar } from '@checkup/api-contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdCardReader } from '../id-card/id-card-reader.js';
import { fakeFetch, json, REFUSED, type FakeReply } from '../test/fake-fetch.js';
import { IdCardReadButton } from './id-card-read-button.js';

const first17 = '11010519900101123';
const CARD = {
  name: '张三',
  sex: '男',
  id_num: first17 + idNumberCheckChar(first17),
  photo: '/9j/4AAQ',
  nation: '汉',
  address: '北京',
};
const WAITING = json({ code: 1, status: false, retcode: '0x2' });

function reader(
  getInfo: () => FakeReply,
  loadParameter: () => Promise<unknown> = async () => DEFAULT_CARD_READER_PARAM,
) {
  const http = fakeFetch((url) => (url.pathname.endsWith('clear_info') ? json({ code: 0 }) : getInfo()));
  return new IdCardReader({ loadParameter, fetch: http.fetch, storage: null, pollIntervalMs: 500, limitMs: 120_000 });
}
const click = () => fireEvent.click(screen.getByRole('button', { name: /读取身份证/ }));

describe('IdCardReadButton', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the reader waiting for a card, then hands the mapped card on', async () => {
    vi.useFakeTimers();
    let placed = false;
    const onRead = vi.fn();
    render(
      <IdCardReadButton reader={reader(() => (placed ? json({ code: 0, data: CARD }) : WAITING))} onRead={onRead} />,
    );
    click();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('正在读卡，请将身份证放在读卡器上…')).toBeTruthy();
    placed = true;
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onRead).toHaveBeenCalledWith(
      expect.objectContaining({ cust_name: '张三', gender: '1', cust_birthday: '1990-01-01', folk: '汉' }),
    );
    expect(screen.getByText('已读取：张三')).toBeTruthy();
    expect(screen.getByAltText('身份证照片').getAttribute('src')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(screen.queryByText('正在读卡，请将身份证放在读卡器上…')).toBeNull();
  });

  it('warns to set the read method when parameter 0110 is missing', async () => {
    const onRead = vi.fn();
    const onError = vi.fn();
    render(
      <IdCardReadButton
        reader={reader(
          () => WAITING,
          async () => null,
        )}
        onRead={onRead}
        onError={onError}
      />,
    );
    click();
    const text = '请到 系统设置 > 参数设置 中设置身份证读取方式，否则无法读取身份证';
    expect(await screen.findByText(text)).toBeTruthy();
    expect(document.querySelector('.ant-alert-warning')).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(text, 'param_missing');
    expect(onRead).not.toHaveBeenCalled();
  });

  it('explains a reader connection problem with the device message', async () => {
    render(
      <IdCardReadButton
        reader={reader(() => json({ code: 1, retcode: '0x1', retmsg: '读卡器未连接' }))}
        onRead={vi.fn()}
      />,
    );
    click();
    expect(await screen.findByText('读卡错误，请检查读卡器连接：读卡器未连接')).toBeTruthy();
    expect(document.querySelector('.ant-alert-error')).toBeTruthy();
  });

  it('explains an absent helper', async () => {
    render(<IdCardReadButton reader={reader(() => REFUSED)} onRead={vi.fn()} />);
    click();
    expect(await screen.findByText('无法连接身份证读卡服务，请先打开读卡助手或读卡服务')).toBeTruthy();
  });

  it('times out after the limit without waiting for real', async () => {
    vi.useFakeTimers();
    render(<IdCardReadButton reader={reader(() => WAITING)} onRead={vi.fn()} />);
    click();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByText('读卡超时，未检测到身份证，请将身份证放在读卡器上后重新读取')).toBeTruthy();
  });

  it('stops quietly when the staff cancel', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    render(<IdCardReadButton reader={reader(() => WAITING)} onRead={vi.fn()} onError={onError} />);
    click();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.click(screen.getByRole('button', { name: '取消读卡' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByText('取消读卡')).toBeNull();
  });

  it('builds its own reader from a parameter loader', async () => {
    const load = vi.fn(async () => null);
    render(<IdCardReadButton loadParameter={load} onRead={vi.fn()} label="读卡" />);
    fireEvent.click(screen.getByRole('button', { name: /读\s*卡/ }));
    expect(await screen.findByText(/请到 系统设置 > 参数设置/)).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });
});
