import { type sysOperationLogResource, type OperationLogRow } from '@checkup/api-contract';
import { fakeApi } from '../../../../../test/fake-api';

export const logRow = (over: Partial<OperationLogRow>): OperationLogRow => ({
  id: 1,
  action: 'login',
  user_account: 'doctor1',
  user_name: '钱医生',
  target: null,
  detail: null,
  ip: '10.0.0.31',
  created_at: '2026-11-22T01:00:00.000Z',
  ...over,
});

/** One log as its screen sees it: these rows, filtered by the action asked for. */
export const serveLog = (resource: typeof sysOperationLogResource, rows: OperationLogRow[]) =>
  fakeApi([
    [
      resource.routes.list,
      (input) => {
        const list = rows.filter((r) => !input.action || r.action === input.action);
        return { list, total: list.length, total_capped: false, page: input.page, size: input.size };
      },
    ],
  ]);
