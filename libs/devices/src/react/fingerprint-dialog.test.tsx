import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FingerprintClient } from '../fingerprint/fingerprint-client.js';
import { fakeSockets } from '../test/fake-socket.js';
import { FingerprintDialog, type FingerprintDialogProps } from './fingerprint-dialog.js';

function setup(props: Partial<FingerprintDialogProps> & Pick<FingerprintDialogProps, 'pageType'>) {
  const fake = fakeSockets();
  const client = new FingerprintClient({ createSocket: fake.createSocket, matchThreshold: 60 });
  const onClose = vi.fn();
  const view = render(<FingerprintDialog open onClose={onClose} client={client} {...props} />);
  /** The device side of the current socket; act() lets React apply the status it causes. */
  const device = async (...messages: (Record<string, unknown> | string)[]) => {
    for (const message of messages) await act(async () => fake.last().device(message));
  };
  const accept = () => act(async () => fake.last().accept());
  return { ...fake, client, onClose, view, device, accept };
}
const status = () => screen.getByRole('status').textContent;

describe('FingerprintDialog', () => {
  it('registers a template on dept_detail: press, lift, press again, then success', async () => {
    const onEnrolled = vi.fn();
    const env = setup({ pageType: 'dept_detail', onEnrolled });
    expect(screen.getByText('指纹注册')).toBeTruthy();
    await env.accept();
    expect(env.last().sent).toEqual([{ cmd: 'enrol' }]);
    await env.device({ workmsg: '2' });
    expect(status()).toBe('请按手指');
    await env.device({ workmsg: '3' });
    expect(status()).toBe('请抬起手指');
    await env.device({ workmsg: '21' });
    expect(status()).toBe('请再次按手指');
    await env.device({ workmsg: '61', data1: 'TEMPLATE', image: 'iVBORw0K' });
    expect(await screen.findByText('指纹注册成功', { selector: '.ant-alert *' })).toBeTruthy();
    expect(onEnrolled).toHaveBeenCalledWith({ template: 'TEMPLATE', image: 'iVBORw0K' });
    expect(screen.getByAltText('本次采集指纹').getAttribute('src')).toBe('data:image/png;base64,iVBORw0K');
  });

  it('does not enrol again when the page stores the new template', async () => {
    const env = setup({ pageType: 'dept_detail' });
    await env.accept();
    await env.device({ workmsg: '61', data1: 'TEMPLATE' });
    env.view.rerender(
      <FingerprintDialog
        open
        pageType="dept_detail"
        registeredTemplate="TEMPLATE"
        onClose={env.onClose}
        client={env.client}
      />,
    );
    expect(env.sockets).toHaveLength(1);
    expect(env.last().sent).toEqual([{ cmd: 'enrol' }]);
    expect(screen.getByRole('button', { name: '重新注册' }).hasAttribute('disabled')).toBe(false);
  });

  it('captures and compares with the registered template on order_detail', async () => {
    const onCompared = vi.fn();
    const env = setup({ pageType: 'order_detail', registeredTemplate: 'REG', onCompared });
    expect(screen.getByText('指纹比对')).toBeTruthy();
    await env.accept();
    await env.device({ workmsg: '2' }, { workmsg: '3' }, { workmsg: '21' }, { workmsg: '51', data1: 'CAP' });
    expect(env.last().sent).toEqual([{ cmd: 'capture' }, { cmd: 'match', data1: 'REG', data2: 'CAP' }]);
    await env.device({ workmsg: '9', data1: '88' });
    expect(await screen.findByText('指纹比对成功（相似度 88，阈值 60）')).toBeTruthy();
    expect(onCompared).toHaveBeenCalledWith(
      expect.objectContaining({ match: expect.objectContaining({ matched: true }) }),
    );
  });

  it('shows a failed comparison below the threshold', async () => {
    const env = setup({ pageType: 'order_detail', registeredTemplate: 'REG' });
    await env.accept();
    await env.device({ workmsg: '51', data1: 'CAP' }, { workmsg: '9', data1: '20' });
    expect(await screen.findByText('指纹比对失败（相似度 20，低于阈值 60）')).toBeTruthy();
  });

  it('says there is nothing to compare with when no template is registered', () => {
    const env = setup({ pageType: 'order_detail' });
    expect(screen.getByText('该体检者尚未登记指纹，无法比对')).toBeTruthy();
    expect(env.sockets).toHaveLength(0);
  });

  it('shows the alternative text when the registered image cannot be loaded', async () => {
    setup({ pageType: 'order_detail', registeredTemplate: 'REG', registeredImageUrl: '/missing.png' });
    fireEvent.error(screen.getByAltText('登记指纹'));
    expect(await screen.findByText('初始指纹图片加载失败')).toBeTruthy();
  });

  it('explains a connection closed mid-flow and starts again on request', async () => {
    const env = setup({ pageType: 'dept_detail' });
    await env.accept();
    await env.device({ workmsg: '2' });
    await act(async () => env.last().drop());
    expect(await screen.findByText('指纹仪连接已关闭，请检查指纹服务后重试')).toBeTruthy();
    expect(status()).toBe('指纹仪连接已关闭');
    fireEvent.click(screen.getByRole('button', { name: '重新注册' }));
    expect(env.sockets).toHaveLength(2);
    await env.accept();
    expect(env.last().sent).toEqual([{ cmd: 'enrol' }]);
  });

  it('shows a failed capture, a device time-out and a malformed answer in Chinese', async () => {
    for (const [message, text] of [
      [{ workmsg: '60' }, '指纹注册失败，请重试'],
      [{ workmsg: '8' }, '操作超时，请重试'],
      ['garbage', '指纹仪返回的数据格式不正确，请重试'],
    ] as const) {
      const env = setup({ pageType: 'dept_detail' });
      await env.accept();
      await env.device(message);
      expect(await screen.findByText(text, { selector: '.ant-alert *' })).toBeTruthy();
      env.view.unmount();
    }
  });

  it('reports 03 when the browser has no WebSocket', async () => {
    const client = new FingerprintClient({ createSocket: null });
    render(<FingerprintDialog open pageType="dept_detail" onClose={() => {}} client={client} />);
    expect(
      await screen.findByText('当前浏览器不支持 WebSocket，无法使用指纹仪', { selector: '.ant-alert *' }),
    ).toBeTruthy();
    expect(status()).toBe('当前浏览器不支持 WebSocket，无法使用指纹仪');
  });

  it('reconnects on request and says so', async () => {
    const env = setup({ pageType: 'dept_detail' });
    await env.accept();
    fireEvent.click(screen.getByRole('button', { name: '重新连接' }));
    await env.accept();
    expect(status()).toBe('指纹仪已重新连接');
  });

  it('closes the socket when the dialog closes', async () => {
    const env = setup({ pageType: 'dept_detail' });
    await env.accept();
    fireEvent.click(screen.getByRole('button', { name: '关 闭' }));
    expect(env.onClose).toHaveBeenCalled();
    env.view.rerender(
      <FingerprintDialog open={false} pageType="dept_detail" onClose={env.onClose} client={env.client} />,
    );
    expect(env.last().closedByClient).toBe(true);
  });
});
