import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  noticeSmsRoute,
  noticeTemplatesRoute,
  outgoingListRoute,
  pickupRoute,
  pickupSignedRoute,
  type OutgoingRow,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import ReportOutgoing from '../index';

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

const row = (over: Partial<OutgoingRow>): OutgoingRow => ({
  handover_id: 1,
  order_id: '20261125000001',
  cust_name: '王*五',
  sex: '1',
  age: 40,
  exam_date: '2026-11-25',
  company_name: null,
  phone: '138****5678',
  report_state: 'to_send',
  urgent: true,
  cabinet_no: '2',
  state: 'in',
  receiver: '报告室李',
  handed_at: '2026-11-26T02:00:00.000Z',
  handed_by_name: '吴静',
  notice_id: null,
  notice_channel: null,
  notice_state: null,
  notice_at: null,
  notice_remark: null,
  pickup_method: null,
  pickup_receiver: null,
  pickup_phone: null,
  courier_company: null,
  tracking_no: null,
  picked_at: null,
  picked_by_name: null,
  pickup_remark: null,
  has_signature: false,
  unpaid: '0.00',
  held: false,
  ...over,
});

let server: FakeApi;
const picked = { order_id: '20261125000001', handover_id: 1, has_signature: true };

describe('报告出库', () => {
  beforeEach(() => {
    pad.empty = true;
    HTMLCanvasElement.prototype.toBlob = function toBlob(done: BlobCallback) {
      done(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    };
    server = fakeApi([
      [outgoingListRoute, () => ({ list: [row({})], total: 1, page: 1, size: 20 })],
      [pickupRoute, () => ({ ...picked, has_signature: false })],
      [pickupSignedRoute, () => picked],
      [
        noticeTemplatesRoute,
        () => ({ list: [{ id: 7, template_name: '报告完成通知', content: '{姓名}您好，报告已完成' }] }),
      ],
      [noticeSmsRoute, () => ({ id: 3, state: 'waiting', scheduled_at: '2026-11-27T01:00:00.000Z' })],
    ]);
  });

  it('needs 发放方式 and 领取人, asks before a pick-up without a signature, and uploads one that is signed', async () => {
    renderScreen(<ReportOutgoing />);
    const line = (await screen.findByText('王*五')).closest('tr')!;
    expect(within(line).getByText('加急')).toBeTruthy();
    fireEvent.click(within(line).getByRole('button', { name: '办理领取' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认领取' }));
    expect(await screen.findByText('请选择发放方式')).toBeTruthy();
    expect(screen.getByText('请填写领取人')).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByLabelText('发放方式'));
    fireEvent.click(await screen.findByTitle('代领'));
    fireEvent.change(within(dialog).getByLabelText('领取人'), { target: { value: '王大五' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认领取' }));
    // No signature: the desk is asked first, and nothing is sent until it says so.
    expect(await screen.findByText('没有领取人签名，确定继续领取吗？')).toBeTruthy();
    expect(server.calls(pickupRoute)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '返回签名' }));

    pad.empty = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认领取' }));
    await waitFor(() => expect(server.upload).toHaveBeenCalledTimes(1));
    const [descriptor, input, file] = server.upload.mock.calls[0]!;
    expect(descriptor).toBe(pickupSignedRoute);
    expect(input).toMatchObject({ order_id: '20261125000001', method: 'proxy', receiver: '王大五' });
    expect((file as File).type).toBe('image/png');
    expect(server.calls(pickupRoute)).toEqual([]);
    expect(await screen.findByText('王*五的报告已领取')).toBeTruthy();
  });

  it('sends an SMS notice from a template at a set time', async () => {
    renderScreen(<ReportOutgoing />);
    const line = (await screen.findByText('王*五')).closest('tr')!;
    fireEvent.click(within(line).getByRole('button', { name: '领取通知' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('短信通知'));
    fireEvent.mouseDown(await within(dialog).findByLabelText('短信模板'));
    fireEvent.click(await screen.findByTitle('报告完成通知'));
    expect(await within(dialog).findByText('{姓名}您好，报告已完成')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('立即发送'));
    fireEvent.click(within(dialog).getByRole('button', { name: '发送短信' }));
    await waitFor(() =>
      expect(server.calls(noticeSmsRoute)).toEqual([
        { order_id: '20261125000001', template_id: 7, phone: undefined, remark: undefined, send_at: undefined },
      ]),
    );
  });
});
