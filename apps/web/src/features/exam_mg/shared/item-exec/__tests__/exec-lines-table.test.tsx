import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { execChangeRoute, execWaiveSignedRoute, type ExecLine } from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { ExecLinesTable } from '../exec-lines-table';

// jsdom draws nothing: the pad is a stand-in that is empty until the test "signs".
const pad = vi.hoisted(() => ({ empty: true }));
vi.mock('signature_pad', () => ({
  default: class {
    isEmpty = () => pad.empty;
    clear = () => {
      pad.empty = true;
    };
    off = () => undefined;
  },
}));

const line = (over: Partial<ExecLine>): ExecLine => ({
  union_id: 3,
  union_name: '心电图',
  dept_id: 2,
  dept_name: '心电图室',
  state: '0',
  state_label: '未检',
  exec_by_name: null,
  exec_at: null,
  exec_reason: null,
  exec_date: null,
  signature_file_id: null,
  recorded: false,
  open: true,
  ...over,
});

let server: FakeApi;

describe('项目执行 actions and the 弃检 signature dialog', () => {
  beforeEach(() => {
    pad.empty = true;
    HTMLCanvasElement.prototype.toBlob = function toBlob(done: BlobCallback) {
      done(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    };
    server = fakeApi([
      [execChangeRoute, () => line({ state: '2' })],
      [execWaiveSignedRoute, () => line({ state: '2', signature_file_id: 9 })],
    ]);
  });

  const openWaive = async () => {
    renderScreen(
      <ExecLinesTable
        orderId="20261125000001"
        lines={[line({}), line({ union_id: 4, union_name: '血常规', state: '1', recorded: true })]}
      />,
    );
    // A recorded line offers no action.
    expect(within(screen.getByText('血常规').closest('tr')!).getByText('已检查')).toBeTruthy();
    fireEvent.click(within(screen.getByText('心电图').closest('tr')!).getByRole('button', { name: '弃检' }));
    return screen.findByRole('dialog');
  };

  it('sends the drawn signature as a PNG with the reason, and asks for one while the pad is empty', async () => {
    const dialog = await openWaive();
    fireEvent.change(within(dialog).getByLabelText('弃检原因'), { target: { value: '本人自愿放弃' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认弃检' }));
    expect(await screen.findByText('请体检者在签名区签名，或选择直接弃检')).toBeTruthy();
    expect(server.upload).not.toHaveBeenCalled();

    pad.empty = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认弃检' }));
    await waitFor(() => expect(server.upload).toHaveBeenCalledTimes(1));
    const [descriptor, input, file] = server.upload.mock.calls[0]!;
    expect(descriptor).toBe(execWaiveSignedRoute);
    expect(input).toEqual({ order_id: '20261125000001', union_id: 3, reason: '本人自愿放弃' });
    expect(file).toBeInstanceOf(File);
    expect((file as File).type).toBe('image/png');
  });

  it('waives directly (直接弃检) without a signature, still asking for the reason', async () => {
    const dialog = await openWaive();
    fireEvent.click(within(dialog).getByText('直接弃检'));
    expect(within(dialog).queryByLabelText('体检者签名区')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认弃检' }));
    expect(await within(dialog).findByText('请填写弃检原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('弃检原因'), { target: { value: '时间原因' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认弃检' }));
    await waitFor(() =>
      expect(server.call).toHaveBeenCalledWith(execChangeRoute, {
        order_id: '20261125000001',
        union_id: 3,
        action: 'waive',
        reason: '时间原因',
        exec_date: undefined,
      }),
    );
    expect(server.upload).not.toHaveBeenCalled();
  });
});
