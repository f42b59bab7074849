import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { hisChangeHandleRoute, hisChangeResource, hisMessageResource, hisStatusRoute } from '@checkup/api-contract';
import { auditLog, hisChanges, hisMessages, parameters } from '../../src/db/schema.js';
import { describeResource } from '../support/resource-suite.js';
import type { FormsContext } from './context.js';

/** HIS同步: the message log, the change queue and its 处理/重发/忽略. */
export function describeHisSync({ server, as, db }: FormsContext) {
  describeResource(server, hisMessageResource, {
    valid: () => ({}),
    invalid: [],
    insert: async (database, n) => {
      await database.insert(hisMessages).values({
        interfaceName: `检查申请${n}号`,
        examNo: `T${n}`,
        msgType: 'ORM^O01',
        status: 'error',
        direction: 'out',
        callMode: 'webservice',
        requestText: '<MSH/>',
        responseText: '超时',
      });
    },
    filterFor: (n) => ({ key: `检查申请${n}号` }),
  });

  describeResource(server, hisChangeResource, {
    valid: () => ({}),
    invalid: [],
    insert: async (database, n) => {
      await database.insert(hisChanges).values({ examNo: `C${n}`, changeType: 'add', content: `加项：测试${n}号` });
    },
    filterFor: (n) => ({ key: `C${n}` }),
  });

  describe('HIS变更处理', () => {
    const addChange = async () =>
      (
        await db()
          .insert(hisChanges)
          .values({ examNo: `H${Date.now()}`, customerName: '张三', changeType: 'refund', content: '退项：胸部CT' })
          .returning()
      )[0]!;
    const handleAudits = async (id: number) =>
      Number(
        (
          await db()
            .select({ n: count() })
            .from(auditLog)
            .where(and(eq(auditLog.action, 'his_change_handle'), eq(auditLog.target, `his_change:${id}`)))
        )[0]!.n,
      );

    it('says no HIS is configured, and refuses 重发 until one is, while 处理 and 忽略 close a change with an audit row', async () => {
      const caller = await as('exam_cfg/his_sync/his_change_handling');
      expect((await caller.get(hisStatusRoute.path)).json().data).toEqual({ configured: false, interface_name: null });

      const change = await addChange();
      const resend = await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' });
      expect([resend.statusCode, resend.json().msg]).toEqual([
        409,
        '未配置HIS接口，不能重发；可先“处理”（已在HIS中手工处理）或“忽略”',
      ]);
      const handled = await caller.post(hisChangeHandleRoute.path, {
        id: change.id,
        version: 1,
        action: 'handle',
        note: '已在HIS退费',
      });
      expect(handled.json().data).toMatchObject({ state: 'handled', note: '已在HIS退费', version: 2 });
      expect(handled.json().data.updated_by_name).toBeTruthy();
      expect(await handleAudits(change.id)).toBe(1);
      const again = await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 2, action: 'ignore' });
      expect([again.statusCode, again.json().msg]).toEqual([409, '该HIS变更已处理，不能再忽略']);
      const stale = await caller.post(hisChangeHandleRoute.path, {
        id: (await addChange()).id,
        version: 3,
        action: 'ignore',
      });
      expect(stale.json().msg).toBe('该HIS变更已被他人处理，请刷新后重试');

      const other = await addChange();
      const ignored = await caller.post(hisChangeHandleRoute.path, { id: other.id, version: 1, action: 'ignore' });
      expect(ignored.json().data.state).toBe('ignored');
      expect(await handleAudits(other.id)).toBe(1);
    });

    it('queues a change for 重发 once a HIS is configured (parameter 0130), and refuses the action to other roles', async () => {
      await db()
        .insert(parameters)
        .values({
          paramCode: '0130',
          paramName: 'HIS接口',
          paramValue: { enabled: true, interface_name: '东华HIS', endpoint: 'http://his.example/ws' },
        });
      try {
        const caller = await as('exam_cfg/his_sync/his_msg');
        expect((await caller.get(hisStatusRoute.path)).json().data).toEqual({
          configured: true,
          interface_name: '东华HIS',
        });
        const keeper = await as('exam_cfg/his_sync/his_change_handling');
        const change = await addChange();
        expect(
          (await caller.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' })).statusCode,
        ).toBe(403);
        const queued = await keeper.post(hisChangeHandleRoute.path, { id: change.id, version: 1, action: 'resend' });
        expect(queued.json().data.state).toBe('resend');
        // Still open: handled by hand after all.
        const done = await keeper.post(hisChangeHandleRoute.path, { id: change.id, version: 2, action: 'handle' });
        expect(done.json().data.state).toBe('handled');
      } finally {
        await db().delete(parameters).where(eq(parameters.paramCode, '0130'));
      }
    });
  });
}
