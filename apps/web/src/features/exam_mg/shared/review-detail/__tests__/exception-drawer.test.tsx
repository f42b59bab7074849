import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  exceptionHistoryRoute,
  handleExceptionRoute,
  uploadExceptionImageRoute,
  type exceptionRecordSchema,
} from '@checkup/api-contract';
import type { z } from 'zod';
import { fakeApi } from '../../../../../test/fake-api';
import { renderScreen } from '../../../../../test/render-screen';
import { ExceptionDrawer } from '../components/exception-drawer';

const ORDER_ID = '20261122000042';
type Entry = z.infer<typeof exceptionRecordSchema>;

const entries: Entry[] = [
  {
    id: 1,
    exception_type: 'dept',
    union_name: '心电图',
    review_exception: '受检者拒检',
    review_advise: '改日复查',
    exception_images: ['/files/ecg-1.png'],
    exception_dept: '心电图室',
    exception_user: '陈建华',
    review_exception_flag: '2',
    exception_handler_name: '周文博',
    exception_handler_time: '2026-11-22T02:00:00Z',
    created_at: '2026-11-22T01:00:00Z',
  },
  {
    id: 2,
    exception_type: 'review',
    union_name: null,
    review_exception: '血压与病史不符，需复核',
    review_advise: null,
    exception_images: [],
    exception_dept: null,
    exception_user: '周文博',
    review_exception_flag: '0',
    exception_handler_name: null,
    exception_handler_time: null,
    created_at: '2026-11-22T03:00:00Z',
  },
];

function renderDrawer(readOnly = false) {
  const server = fakeApi([
    [exceptionHistoryRoute, () => entries],
    [handleExceptionRoute, () => ({ id: 2, review_exception_flag: '2' })],
    [uploadExceptionImageRoute, () => ({ file_id: 9, url: '/manager/api/examreview/exception_image?id=9' })],
  ]);
  renderScreen(<ExceptionDrawer orderId={ORDER_ID} open readOnly={readOnly} onClose={() => {}} onChanged={() => {}} />);
  return server;
}

describe('总检异常 drawer', () => {
  it("lists the visit's history and lets an open exception be handled with an opinion", async () => {
    const server = renderDrawer();
    const handled = (await screen.findByText('受检者拒检')).closest('table')!;
    expect(within(handled).getByText('已处理')).toBeTruthy();
    expect(within(handled).getByText('心电图')).toBeTruthy();
    expect(within(handled).getByText('查看图片').getAttribute('href')).toBe('/files/ecg-1.png');
    // Only the open one can be handled.
    expect(within(handled).queryByLabelText('处理意见')).toBeNull();
    const open = () => screen.getByText('血压与病史不符，需复核').closest('table')!;
    expect(within(open()).getByText('未处理')).toBeTruthy();

    fireEvent.click(within(open()).getByRole('button', { name: '处 理' }));
    expect(await screen.findByText('请填写处理意见')).toBeTruthy();
    expect(server.call).not.toHaveBeenCalledWith(handleExceptionRoute, expect.anything());

    fireEvent.change(within(open()).getByLabelText('处理意见'), { target: { value: '复核血压，结果无误' } });
    await waitFor(() =>
      expect(within(open()).getByLabelText<HTMLInputElement>('处理意见').value).toBe('复核血压，结果无误'),
    );
    fireEvent.click(within(open()).getByRole('button', { name: '处 理' }));
    await waitFor(() =>
      expect(server.call).toHaveBeenCalledWith(handleExceptionRoute, {
        order_id: ORDER_ID,
        id: 2,
        advise: '复核血压，结果无误',
      }),
    );
    expect(await screen.findByText('异常已处理')).toBeTruthy();
  });

  it('offers no handling when opened read-only', async () => {
    renderDrawer(true);
    await screen.findByText('血压与病史不符，需复核');
    expect(screen.queryByLabelText('处理意见')).toBeNull();
    expect(screen.queryByRole('button', { name: '标记异常' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
  });

  it('uploads an image to an exception record and reads the history again', async () => {
    const server = renderDrawer();
    const open = (await screen.findByText('血压与病史不符，需复核')).closest('table')!;
    const input = open.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/jpeg,image/png');
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], '血压记录.png', { type: 'image/png' });
    const historyReads = () => server.calls(exceptionHistoryRoute).length;
    const before = historyReads();

    fireEvent.change(input, { target: { files: [image] } });

    await waitFor(() =>
      expect(server.upload).toHaveBeenCalledWith(uploadExceptionImageRoute, { order_id: ORDER_ID, id: 2 }, image),
    );
    expect(await screen.findByText('图片已上传')).toBeTruthy();
    await waitFor(() => expect(historyReads()).toBeGreaterThan(before));
  });

  it('does not send an image over 5 MB', async () => {
    const server = renderDrawer();
    const open = (await screen.findByText('血压与病史不符，需复核')).closest('table')!;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(open.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [big] } });
    expect(await screen.findByText('图片不能超过5MB')).toBeTruthy();
    expect(server.upload).not.toHaveBeenCalled();
  });
});
