import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PRINT_SETTINGS,
  paymentStateRoute,
  printConfigRoute,
  userInfoRoute,
  type PaymentState,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { AfterSaveActions } from '../components/after-save-actions';
import { CameraPhotoButton, INSECURE_MESSAGE } from '../components/camera-photo';

const printed = vi.hoisted(() => ({
  guideSheet: vi.fn(),
  labels: vi.fn(),
  slip: vi.fn(),
}));
const PRINTED = { ok: true, data: { kind: 'printed', batch: { level: 'success', message: '共1份，全部打印成功' } } };

// The print transport has its own tests (libs/devices, shared/guide-sheet): here, what the desk asks it to print.
vi.mock('../../shared/guide-sheet/print-guide-sheet', () => ({
  printGuideSheet: (orderId: string) => (printed.guideSheet(orderId), Promise.resolve(PRINTED)),
}));
vi.mock('../../shared/desk-print/print-desk-documents', () => ({
  printBarcodeLabels: (orderId: string, copies: number) => (printed.labels(orderId, copies), Promise.resolve(PRINTED)),
  downloadPaymentSlip: (orderId: string) => (printed.slip(orderId), Promise.resolve()),
}));
vi.mock('../../../../lib/workstation/use-print-settings', () => ({
  usePrintSettings: () => () => Promise.resolve(DEFAULT_PRINT_SETTINGS),
}));

const state = (extra: Partial<PaymentState> = {}): PaymentState => ({
  order_id: '20261125000001',
  pay_timing: 'after',
  unpaid_lines: [{ union_id: 1, union_name: '血常规', price: '20.00' }],
  unpaid_total: '20.00',
  paid_total: '0.00',
  guide_sheet_blocked: false,
  ...extra,
});

let server: FakeApi;
/** antd spaces a two-character label (拍 照). */
const TAKE = /^拍\s?照$/;
const saved = (orderId = '20261125000001') => ({ order_id: orderId, customer_id: 3, total_price: '20.00' });

describe('after 完成登记', () => {
  beforeEach(() => {
    localStorage.clear();
    Object.values(printed).forEach((fn) => fn.mockClear());
    server = fakeApi([
      [paymentStateRoute, () => state()],
      [
        printConfigRoute,
        () => ({ effective: { ...DEFAULT_PRINT_SETTINGS, barcode_label_count: 2 }, workstation: null }),
      ],
    ]);
  });

  it('shows 待收费 and focuses 速打, which prints the guide sheet and 打印配置’s label count at once', async () => {
    renderScreen(<AfterSaveActions saved={saved()} onNext={() => undefined} />);
    expect(await screen.findByText('先检后付：待收费 ¥20.00，体检结束后到收费处缴费')).toBeTruthy();
    expect(screen.getByText('血常规 ¥20.00 待收费')).toBeTruthy();
    const quick = await screen.findByRole('button', { name: '速打（导检单 + 条码×2）' });
    await waitFor(() => expect(document.activeElement).toBe(quick));

    await act(async () => fireEvent.click(quick));
    expect(printed.guideSheet).toHaveBeenCalledWith('20261125000001');
    expect(printed.labels).toHaveBeenCalledWith('20261125000001', 2);
  });

  it('prints what the clerk chose and remembers it for this workstation: the next 速打 prints the same', async () => {
    const first = renderScreen(<AfterSaveActions saved={saved()} onNext={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('button', { name: '打印所选' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('checkbox', { name: /导检单/ }));
    const count = screen.getByRole('spinbutton', { name: '条码份数' });
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.blur(count);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '打印所选' })));
    expect(printed.guideSheet).not.toHaveBeenCalled();
    expect(printed.labels).toHaveBeenCalledWith('20261125000001', 3);
    first.unmount();

    printed.labels.mockClear();
    renderScreen(<AfterSaveActions saved={saved('20261125000002')} onNext={() => undefined} />);
    const quick = await screen.findByRole('button', { name: '速打（条码×3）' });
    await waitFor(() => expect(quick.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(quick));
    expect(printed.labels).toHaveBeenCalledWith('20261125000002', 3);
    expect(printed.guideSheet).not.toHaveBeenCalled();
  });

  it('先付后检 with 自费 unpaid: sends the examinee to the cashier and prints the 缴费单 in the guide sheet’s place', async () => {
    server.answer(paymentStateRoute, () => state({ pay_timing: 'before', guide_sheet_blocked: true }));
    renderScreen(<AfterSaveActions saved={saved()} onNext={() => undefined} />);
    expect(
      await screen.findByText('先付后检：请引导体检者到收费处缴费（待收费 ¥20.00），缴费后再打印导检单'),
    ).toBeTruthy();
    const quick = await screen.findByRole('button', { name: /^速打/ });
    await waitFor(() => expect(quick.hasAttribute('disabled')).toBe(false));
    await act(async () => fireEvent.click(quick));
    expect(printed.guideSheet).not.toHaveBeenCalled();
    expect(printed.slip).toHaveBeenCalledWith('20261125000001');
    expect(printed.labels).toHaveBeenCalledWith('20261125000001', 2);
  });

  it('先付后检: 去收费 opens 费用详情 of the visit for an account that may open it', async () => {
    server.answer(paymentStateRoute, () => state({ pay_timing: 'before', guide_sheet_blocked: true }));
    server.answer(userInfoRoute, () => ({
      id: 2,
      user_account: 'reg',
      user_name: '刘晓燕',
      special_flag: '0',
      role_menu: ['finance_mg/cost_mg_detail'],
    }));
    renderScreen(<AfterSaveActions saved={saved()} onNext={() => undefined} />, {
      pages: { '/manager/finance_mg/cost_mg_detail': <div>费用详情页</div> },
    });
    fireEvent.click(await screen.findByRole('button', { name: '去收费' }));
    expect(await screen.findByText('费用详情页')).toBeTruthy();
  });
});

describe('拍照', () => {
  const stop = vi.fn();
  const getUserMedia = vi.fn();
  const cameras = [
    { kind: 'videoinput', deviceId: 'front', label: '前置' },
    { kind: 'videoinput', deviceId: 'desk', label: '桌面摄像头' },
  ];

  beforeEach(() => {
    stop.mockClear();
    getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [{ stop }] });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia, enumerateDevices: () => Promise.resolve(cameras) },
    });
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,UEhPVE8=');
  });
  afterEach(() => vi.restoreAllMocks());

  const openCamera = async (onTaken = vi.fn()) => {
    renderScreen(<CameraPhotoButton onTaken={onTaken} />);
    fireEvent.click(screen.getByRole('button', { name: TAKE }));
    await screen.findByLabelText('摄像头画面');
    return onTaken;
  };
  const dialogButton = (name: string | RegExp) =>
    screen.getAllByRole('button', { name }).find((b) => b.closest('.ant-modal'))!;

  it('takes, retakes, switches camera and uses the photo, stopping the camera', async () => {
    const onTaken = await openCamera();
    await waitFor(() => expect(dialogButton(/切换摄像头（1\/2）/)).toBeTruthy());
    expect(getUserMedia).toHaveBeenCalledTimes(1);

    fireEvent.click(dialogButton(TAKE));
    expect(screen.getByAltText('拍摄的照片').getAttribute('src')).toBe('data:image/jpeg;base64,UEhPVE8=');
    fireEvent.click(dialogButton(/^重\s?拍$/));
    expect(screen.queryByAltText('拍摄的照片')).toBeNull();

    await act(async () => fireEvent.click(dialogButton(/切换摄像头/)));
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { deviceId: { exact: 'desk' } }, audio: false });
    expect(stop).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialogButton(/切换摄像头（2\/2）/)).toBeTruthy());

    await waitFor(() => expect((dialogButton(TAKE) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(dialogButton(TAKE));
    fireEvent.click(dialogButton('使用此照片'));
    expect(onTaken).toHaveBeenCalledWith('UEhPVE8=');
    expect(stop).toHaveBeenCalledTimes(2);
  });

  it('says how to allow the camera when the browser refuses it', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await openCamera();
    expect(
      await screen.findByText('浏览器未允许使用摄像头：请点击地址栏左侧的摄像头图标，选择“允许”后重试'),
    ).toBeTruthy();
    expect((dialogButton(TAKE) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says there is no camera', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    await openCamera();
    expect(await screen.findByText('未检测到摄像头，请连接摄像头后重试')).toBeTruthy();
  });

  it('says the page must be opened over https without a secure context', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    await openCamera();
    expect(await screen.findByText(INSECURE_MESSAGE)).toBeTruthy();
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
