import { operationLogListRoute, type OperationLogRow } from '@checkup/api-contract';
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

/** The audit log as an operation log screen sees it: these rows, filtered by the action asked for. */
export const serveLog = (rows: OperationLogRow[]) =>
  fakeApi([
    [
      operationLogListRoute,
      (input) => {
        const list = rows.filter((r) => !input.action || r.action === input.action);
        return { list, total: list.length, page: input.page, size: input.size };
      },
    ],
  ]);
