import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bizOperationLogResource } from '@checkup/api-contract';
import type { FakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { logRow, serveLog } from '../../shared/operation-log/__tests__/log-rows';
import BizOperationLog from '../index';

let server: FakeApi;

describe('业务操作日志', () => {
  beforeEach(() => {
    server = serveLog(bizOperationLogResource, [
      logRow({
        id: 9,
        action: 'order_status',
        user_account: 'reg',
        user_name: '孙登记',
        target: '20261122000001',
        detail: JSON.stringify({ action: 'check_in', from: 'registered', to: 'checked_in', reason: null }),
      }),
    ]);
  });

  it('asks for the business log, reads a status change in words, and searches by an order id', async () => {
    renderScreen(<BizOperationLog />);
    expect(await screen.findByText('报到：已登记 → 已报到')).toBeTruthy();
    expect(screen.getByText('体检状态变更')).toBeTruthy();
    const search = screen.getByLabelText('账号、姓名或体检号');
    fireEvent.change(search, { target: { value: ' 20261122000001 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(server.calls(bizOperationLogResource.routes.list).at(-1)).toEqual({
        key: '20261122000001',
        page: 1,
        size: 20,
      }),
    );
  });

  it('offers only its own actions to filter by', async () => {
    renderScreen(<BizOperationLog />);
    await screen.findByText('体检状态变更');
    fireEvent.mouseDown(screen.getByLabelText('操作类型'));
    // antd's options carry their label as a title.
    expect(await screen.findByTitle('处理危急值')).toBeTruthy();
    expect(screen.getByTitle('报到')).toBeTruthy();
    expect(screen.queryByTitle('登录')).toBeNull();
  });
});
