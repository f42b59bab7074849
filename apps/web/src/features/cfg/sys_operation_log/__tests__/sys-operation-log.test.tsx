import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sysOperationLogResource } from '@checkup/api-contract';
import { renderScreen } from '../../../../test/render-screen';
import { logRow, serveLog } from '../../shared/operation-log/__tests__/log-rows';
import SysOperationLog from '../index';

describe('系统操作日志', () => {
  it('lists the system actions by name, with who did them to what', async () => {
    const server = serveLog(sysOperationLogResource, [
      logRow({
        id: 3,
        action: 'confidential_access',
        target: '20261122000002',
        detail: JSON.stringify({ customer_id: 7, purpose: '体检详情' }),
      }),
      logRow({
        id: 2,
        action: 'login_failed',
        user_account: 'nobody',
        user_name: null,
        detail: '{"undecryptable":false}',
      }),
    ]);
    renderScreen(<SysOperationLog />);
    const access = (await screen.findByText('查看保密人员')).closest('tr') as HTMLElement;
    expect(within(access).getByText('钱医生（doctor1）')).toBeTruthy();
    expect(within(access).getByText('20261122000002')).toBeTruthy();
    expect(within(access).getByText('客户：7；用途：体检详情')).toBeTruthy();
    const failed = screen.getByText('登录失败').closest('tr') as HTMLElement;
    expect(within(failed).getByText('nobody')).toBeTruthy();
    expect(within(failed).getByText('密码无法解密：否')).toBeTruthy();
    expect(server.calls(sysOperationLogResource.routes.list).at(-1)).toEqual({ page: 1, size: 20 });
  });
});
