import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CARD_READER_PARAM,
  parameterListRoute,
  saveParameterRoute,
  type ParameterRow,
} from '@checkup/api-contract';
import { fakeApi, type FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import ParCfg from '../index';

const row = (param_code: string, param_name: string, param_value: unknown, editable = true): ParameterRow => ({
  param_code,
  param_name,
  param_value,
  updated_at: '2026-11-20T02:00:00.000Z',
  editable,
});

function serve() {
  const rows = [
    row('0001', '服务模式', { service_type: 1 }, false),
    row('0030', '总检设置', { ai_review: { enable: false }, show_contagion: false }),
    row('0110', '身份证读卡设置', DEFAULT_CARD_READER_PARAM),
    row('0810', '单位信息', {
      companyCfg: { name: '示范医院体检中心', systemColorStyle: 'default', logo: '/logo.png' },
    }),
  ];
  return fakeApi([
    [parameterListRoute, () => rows],
    [saveParameterRoute, (input) => rows.find((r) => r.param_code === input.param_code)],
  ]);
}

let server: FakeApi;
const saved = () =>
  server.calls(saveParameterRoute).map((input) => ({ code: input.param_code, value: JSON.parse(input.param_value) }));

const formOf = (name: string) => screen.getByRole('form', { name }) as HTMLElement;

describe('参数设置', () => {
  beforeEach(() => {
    server = serve();
  });

  it('shows the service mode as read-only and saves the hospital name, keeping what else 0810 holds', async () => {
    renderScreen(<ParCfg />);
    expect(await screen.findByText('体检服务器')).toBeTruthy();
    const company = formOf('单位信息');
    const name = within(company).getByLabelText('单位名称');
    expect((name as HTMLInputElement).value).toBe('示范医院体检中心');
    fireEvent.change(name, { target: { value: '第二人民医院体检中心' } });
    fireEvent.click(within(company).getByRole('button', { name: /保存单位信息/ }));
    expect(await screen.findByText('单位信息已保存')).toBeTruthy();
    expect(saved()).toEqual([
      {
        code: '0810',
        value: {
          companyCfg: {
            name: '第二人民医院体检中心',
            systemColorStyle: 'default',
            logo: '/logo.png',
            address: '',
            phones: '',
            postcode: '',
            email: '',
          },
        },
      },
    ]);
  });

  it('checks a value by the rules of the contract before sending it', async () => {
    renderScreen(<ParCfg />);
    const company = await waitFor(() => formOf('单位信息'));
    fireEvent.change(within(company).getByLabelText('单位名称'), { target: { value: '  ' } });
    fireEvent.click(within(company).getByRole('button', { name: /保存单位信息/ }));
    expect(await screen.findByText('请填写单位名称')).toBeTruthy();

    const reader = formOf('身份证读卡设置');
    fireEvent.change(within(reader).getByLabelText('读卡程序地址', { selector: 'input[type=text]' }), {
      target: { value: 'http://127.0.0.1:8989' },
    });
    fireEvent.click(within(reader).getByRole('button', { name: /保存身份证读卡设置/ }));
    expect(await screen.findByText('读卡程序地址应为以 / 结尾的 http 地址，例如 http://127.0.0.1:8989/')).toBeTruthy();
    expect(saved()).toEqual([]);
  });

  it('switches the reader to the local address and turns AI review and 总检 with deferred lines on', async () => {
    renderScreen(<ParCfg />);
    const reader = await waitFor(() => formOf('身份证读卡设置'));
    fireEvent.click(within(reader).getByLabelText('本机读卡地址', { selector: 'input[type=radio]' }));
    fireEvent.click(within(reader).getByRole('button', { name: /保存身份证读卡设置/ }));
    await screen.findByText('身份证读卡设置已保存');
    expect(saved()[0]?.value.cardReaderCfg).toMatchObject({ exe: { checked: false }, local: { checked: true } });

    const review = formOf('总检设置');
    fireEvent.click(within(review).getByRole('switch', { name: 'AI辅助总检' }));
    // Issue 20: 总检 with deferred lines, off until set.
    fireEvent.click(within(review).getByRole('switch', { name: '迟检项目可总检' }));
    fireEvent.click(within(review).getByRole('button', { name: /保存总检设置/ }));
    await screen.findByText('总检设置已保存');
    expect(saved()[1]).toEqual({
      code: '0030',
      value: { ai_review: { enable: true }, show_contagion: false, distinct_reviewers: true, allow_deferred: true },
    });
  });

  it('shows 0140 with its defaults when never set, and saves the rounding to 1 元, 先付后检 and 暂缓发放报告', async () => {
    renderScreen(<ParCfg />);
    const desk = await waitFor(() => formOf('登记收费设置'));
    expect((within(desk).getByLabelText('精确到分') as HTMLInputElement).checked).toBe(true);
    expect((within(desk).getByLabelText('先检后付') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(desk).getByLabelText('精确到元'));
    fireEvent.click(within(desk).getByLabelText('先付后检'));
    const hold = within(desk).getByRole('switch', { name: '未缴清自费费用时暂缓发放报告' });
    expect(hold.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(hold);
    fireEvent.click(within(desk).getByRole('button', { name: /保存登记收费设置/ }));
    await screen.findByText('登记收费设置已保存');
    expect(saved()).toEqual([
      { code: '0140', value: { rounding: 'yuan', pay_timing: 'before', hold_report_unpaid: true } },
    ]);
  });
});
