import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  permissionTree,
  orderListRoute,
  roleAddHoldersRoute,
  roleCandidatesRoute,
  roleHoldersRoute,
  roleMenuRoute,
  roleRemoveHoldersRoute,
  roleResource,
  roleSaveMenuRoute,
  sysOperationLogResource,
  userInfoRoute,
  type MenuTreeNode,
} from '@checkup/api-contract';
import { auditLog, orders, roles, userDepts, userRoles, users } from '../src/db/schema.js';
import { NO_ADMIN_LEFT } from '../src/modules/access/admins-remain.js';
import { createSession } from '../src/modules/auth/session-repository.js';
import { staffSession } from './support/access.js';
import { addDept, addOrder, callerFor } from './support/domain.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { describeResource } from './support/resource-suite.js';

type Caller = ReturnType<typeof callerFor>;

const roleForm = (n: number, scope = 'all') => ({
  role_name: `测试角色${n}号`,
  role_key: `role_${n}`,
  sort: '5',
  data_scope: scope,
  remark: '',
});

const treeKeys = (nodes: readonly MenuTreeNode[]): string[] =>
  nodes.flatMap((n) => [...(n.kind === 'area' ? [] : [n.key]), ...treeKeys(n.children)]);

/** 角色管理 (issue 21): the role resource, its menus and holders, the last administrator, 数据权限. */
describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  let serial = 0;
  let keeper: Caller;

  /** An enabled account without roles, of the given departments (all when none are named). */
  const account = async (depts?: number[]) => {
    serial += 1;
    const name = `role_holder_${serial}_${Date.now() % 100000}`;
    const [user] = await db()
      .insert(users)
      .values({ userAccount: name, userName: `持有人${serial}`, passwordHash: 'unused', allDepts: !depts })
      .returning({ id: users.id });
    if (depts?.length)
      await db()
        .insert(userDepts)
        .values(depts.map((deptId) => ({ userId: user!.id, deptId })));
    return { id: user!.id, caller: callerFor(server, await createSession(db(), user!.id)) };
  };

  /** A role made through 角色管理: saved, given its menu, and held by the accounts named. */
  const makeRole = async (menu: string[], holders: number[] = [], scope = 'all') => {
    serial += 1;
    const saved = (await keeper.post(roleResource.routes.save.path, roleForm(90_000 + serial, scope))).json().data;
    const withMenu = await keeper.post(roleSaveMenuRoute.path, {
      id: saved.id,
      version: saved.version,
      role_menu: JSON.stringify(menu),
    });
    expect(withMenu.json()).toMatchObject({ status: 200, data: { role_menu: [...menu].sort() } });
    if (holders.length) {
      const added = await keeper.post(roleAddHoldersRoute.path, { id: saved.id, user_ids: JSON.stringify(holders) });
      expect(added.json()).toMatchObject({ status: 200, data: { changed: holders.length } });
    }
    return saved.id as number;
  };

  const audits = async (action: string) =>
    Number((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n);

  beforeAll(async () => {
    keeper = callerFor(server, await staffSession(db(), `role_keeper_${Date.now() % 100000}`, ['cfg/role_mg']));
  });

  describeResource(server, roleResource, {
    valid: (n) => roleForm(n),
    invalid: [
      { form: { ...roleForm(1), role_name: '' }, message: '请填写角色名称' },
      { form: { ...roleForm(2), role_key: '' }, message: '请填写权限字符' },
      { form: { ...roleForm(3), role_key: 'reg-desk' }, message: '权限字符只能包含字母、数字和_' },
      { form: { ...roleForm(4), sort: '' }, message: '请填写角色顺序' },
      { form: { ...roleForm(5), data_scope: 'dept_and_child' }, message: '请选择数据权限' },
    ],
    filterFor: (n) => ({ key: `测试角色${n}号` }),
    reference: async (database, id) => {
      const [user] = await database
        .insert(users)
        .values({ userAccount: `role_ref_${id}`, userName: '引用账号', passwordHash: 'unused' })
        .returning({ id: users.id });
      await database.insert(userRoles).values({ userId: user!.id, roleId: id });
    },
  });

  describe('menus and holders', () => {
    it('refuses a second role with the same 权限字符 and counts the holders on the row', async () => {
      const holder = await account();
      const id = await makeRole(['exam_mg/home_page'], [holder.id]);
      const row = (await keeper.get(roleResource.routes.detail.path, { id })).json().data;
      expect(row).toMatchObject({ holder_count: 1, all_menus: false, data_scope: 'all' });
      const twin = await keeper.post(roleResource.routes.save.path, { ...roleForm(123_456), role_key: row.role_key });
      expect([twin.statusCode, twin.json().msg]).toEqual([400, `权限字符“${row.role_key}”已存在`]);
      // A role someone holds stays: the removal names why.
      const refused = await keeper.post(roleResource.routes.remove.path, { id, version: row.version });
      expect([refused.statusCode, refused.json().msg]).toEqual([409, '该角色已被1个账号使用，不能删除，可改为停用']);
    });

    it('saves every key of the menu tree and 全部权限, and refuses an unknown key in Chinese without a change', async () => {
      const id = await makeRole(['exam_mg/home_page']);
      const read = async () => (await keeper.get(roleMenuRoute.path, { id })).json().data;
      const every = treeKeys(permissionTree());
      expect(every).toContain('exam_mg/order_mg_detail:change_status');
      const all = await keeper.post(roleSaveMenuRoute.path, {
        id,
        version: (await read()).version,
        role_menu: JSON.stringify(every),
      });
      expect(all.json().data.role_menu).toHaveLength(new Set(every).size);

      const before = await read();
      const auditsBefore = await audits('role_menu_save');
      for (const key of ['exam_mg/no_such_screen', 'exam_mg/order_mg:no_such_button', 'exam_mg']) {
        const res = await keeper.post(roleSaveMenuRoute.path, {
          id,
          version: before.version,
          role_menu: JSON.stringify(['exam_mg/order_mg', key]),
        });
        expect([res.statusCode, res.json().msg]).toEqual([400, `菜单权限中有未知的菜单或按钮：${key}`]);
      }
      expect(await read()).toEqual(before);
      expect(await audits('role_menu_save')).toBe(auditsBefore);

      const star = await keeper.post(roleSaveMenuRoute.path, {
        id,
        version: before.version,
        role_menu: '["exam_mg/order_mg","*"]',
      });
      expect(star.json().data.role_menu).toEqual(['*']);
      expect((await keeper.get(roleResource.routes.detail.path, { id })).json().data.all_menus).toBe(true);
      const stale = await keeper.post(roleSaveMenuRoute.path, { id, version: before.version, role_menu: '[]' });
      expect([stale.statusCode, stale.json().msg]).toEqual([409, '该角色已被其他用户修改，请刷新后重试']);
    });

    it('takes a changed, disabled or withdrawn role from its holder at the next call, without a new login', async () => {
      const holder = await account();
      const id = await makeRole(['exam_mg/order_mg'], [holder.id]);
      const list = () => holder.caller.get(orderListRoute.path, { size: 1 });
      expect((await list()).statusCode).toBe(200);

      const version = (await keeper.get(roleMenuRoute.path, { id })).json().data.version;
      await keeper.post(roleSaveMenuRoute.path, { id, version, role_menu: '["exam_mg/home_page"]' });
      expect((await list()).statusCode).toBe(403);
      await keeper.post(roleSaveMenuRoute.path, { id, version: version + 1, role_menu: '["exam_mg/order_mg"]' });
      expect((await list()).statusCode).toBe(200);

      await keeper.post(roleResource.routes.enable.path, { id, enabled: '0' });
      expect((await list()).statusCode).toBe(403);
      await keeper.post(roleResource.routes.enable.path, { id, enabled: '1' });
      expect((await list()).statusCode).toBe(200);

      const removed = await keeper.post(roleRemoveHoldersRoute.path, { id, user_ids: String(holder.id) });
      expect(removed.json()).toMatchObject({ status: 200, data: { changed: 1 } });
      expect((await list()).statusCode).toBe(403);
    });

    it('lists holders and the accounts that may still be given the role', async () => {
      const [a, b] = [await account(), await account()];
      const id = await makeRole(['exam_mg/home_page'], [a.id]);
      const holders = (await keeper.get(roleHoldersRoute.path, { id })).json().data;
      expect(holders).toMatchObject({ total: 1, list: [{ user_id: a.id, enabled: true }] });
      const accountOf = async (userId: number) =>
        (await db().select({ a: users.userAccount }).from(users).where(eq(users.id, userId)))[0]!.a;
      const candidates = async (key: string) =>
        ((await keeper.get(roleCandidatesRoute.path, { id, key })).json().data as { user_id: number }[]).map(
          (c) => c.user_id,
        );
      expect(await candidates(await accountOf(a.id))).toEqual([]);
      expect(await candidates(await accountOf(b.id))).toEqual([b.id]);

      const unknown = await keeper.post(roleAddHoldersRoute.path, { id, user_ids: '[999999999]' });
      expect([unknown.statusCode, unknown.json().msg]).toEqual([400, '所选账号不存在或已被删除，请刷新后重选']);
      const none = await keeper.post(roleAddHoldersRoute.path, { id, user_ids: '[]' });
      expect([none.statusCode, none.json().msg]).toEqual([400, '请选择账号']);
      // Adding a holder again changes nothing.
      const again = await keeper.post(roleAddHoldersRoute.path, { id, user_ids: JSON.stringify([a.id, b.id]) });
      expect(again.json().data.changed).toBe(1);
      expect((await keeper.get(roleHoldersRoute.path, { id })).json().data.total).toBe(2);
    });

    it('writes an audit row for each change, which 系统操作日志 names in words', async () => {
      const holder = await account();
      const before = {
        menu: await audits('role_menu_save'),
        add: await audits('role_holders_add'),
        remove: await audits('role_holders_remove'),
      };
      const id = await makeRole(['exam_mg/home_page'], [holder.id]);
      await keeper.post(roleRemoveHoldersRoute.path, { id, user_ids: String(holder.id) });
      expect(await audits('role_menu_save')).toBe(before.menu + 1);
      expect(await audits('role_holders_add')).toBe(before.add + 1);
      expect(await audits('role_holders_remove')).toBe(before.remove + 1);
      const [row] = await db()
        .select({ target: auditLog.target, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'role_menu_save'), eq(auditLog.target, `role:${id}`)));
      expect(row!.detail).toMatchObject({ added: ['exam_mg/home_page'], removed: [] });

      const reader = callerFor(
        server,
        await staffSession(db(), `role_log_${Date.now() % 100000}`, ['cfg/sys_operation_log']),
      );
      for (const action of ['role_menu_save', 'role_holders_add', 'role_holders_remove']) {
        const listed = await reader.get(sysOperationLogResource.routes.list.path, { action, key: `role:${id}` });
        const targets = (listed.json().data.list as { target: string }[]).map((r) => r.target);
        expect([action, targets.filter((t) => t === `role:${id}`)]).toEqual([action, [`role:${id}`]]);
      }
    });
  });

  describe('数据权限', () => {
    const day = '2031-03-03';
    const fixture = { d1: 0, d2: 0, o1: '', o2: '', o3: '' };
    beforeAll(async () => {
      fixture.d1 = (await addDept(db(), '数据权限甲科')).deptId;
      fixture.d2 = (await addDept(db(), '数据权限乙科')).deptId;
      fixture.o1 = await addOrder(db(), {
        status: 'registered',
        examDate: day,
        depts: [{ deptId: fixture.d1, status: '0' }],
      });
      fixture.o2 = await addOrder(db(), {
        status: 'registered',
        examDate: day,
        depts: [{ deptId: fixture.d2, status: '0' }],
      });
      fixture.o3 = await addOrder(db(), { status: 'registered', examDate: day });
    });
    const visits = async (caller: Caller) =>
      (
        (await caller.get(orderListRoute.path, { date_from: day, date_to: day })).json().data.list as {
          order_id: string;
        }[]
      )
        .map((r) => r.order_id)
        .sort();
    const scopeOf = async (caller: Caller) => (await caller.get(userInfoRoute.path)).json().data.data_scope;

    it("shows a 'dept' account only the visits with one of its departments, and the widest of its roles", async () => {
      const doctor = await account([fixture.d1]);
      await makeRole(['exam_mg/order_mg'], [doctor.id], 'dept');
      expect(await scopeOf(doctor.caller)).toBe('dept');
      expect(await visits(doctor.caller)).toEqual([fixture.o1]);

      // An account of every department sees every visit.
      const everyDept = await account();
      await makeRole(['exam_mg/order_mg'], [everyDept.id], 'dept');
      expect(await visits(everyDept.caller)).toEqual([fixture.o1, fixture.o2, fixture.o3].sort());

      const wide = await makeRole(['exam_mg/home_page'], [doctor.id], 'all');
      expect(await scopeOf(doctor.caller)).toBe('all');
      expect(await visits(doctor.caller)).toEqual([fixture.o1, fixture.o2, fixture.o3].sort());
      // A disabled role's scope no longer counts.
      await keeper.post(roleResource.routes.enable.path, { id: wide, enabled: '0' });
      expect(await visits(doctor.caller)).toEqual([fixture.o1]);
    });

    it("shows a 'self' account only the visits it registered", async () => {
      const registrar = await account();
      await makeRole(['exam_mg/order_mg'], [registrar.id], 'self');
      expect(await scopeOf(registrar.caller)).toBe('self');
      expect(await visits(registrar.caller)).toEqual([]);
      await db()
        .update(orders)
        .set({ registeredBy: registrar.id })
        .where(inArray(orders.orderId, [fixture.o2, fixture.o3]));
      expect(await visits(registrar.caller)).toEqual([fixture.o2, fixture.o3].sort());
    });
  });

  // Last: it disables every other account, so that one administrator is left.
  describe('the last administrator', () => {
    it('refuses to empty, disable or withdraw the last administrator’s role, and nothing changes', async () => {
      const admin = await account();
      const id = await makeRole(['cfg/role_mg', 'cfg/priv_cfg'], [admin.id]);
      await db().update(users).set({ status: '0' }).where(ne(users.id, admin.id));
      const self = admin.caller;
      const state = async () => ({
        role: (await db().select().from(roles).where(eq(roles.id, id)))[0],
        holders: await db().select().from(userRoles).where(eq(userRoles.roleId, id)),
        audits: await db().select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access_denied')),
      });
      const before = await state();
      const refusals = [
        await self.post(roleSaveMenuRoute.path, { id, version: before.role!.version, role_menu: '["cfg/role_mg"]' }),
        await self.post(roleResource.routes.enable.path, { id, enabled: '0' }),
        await self.post(roleRemoveHoldersRoute.path, { id, user_ids: String(admin.id) }),
      ];
      for (const res of refusals) expect([res.statusCode, res.json().msg]).toEqual([400, NO_ADMIN_LEFT]);
      expect(await state()).toEqual(before);

      // With a second administrator, either may go.
      const second = await account();
      await self.post(roleAddHoldersRoute.path, { id, user_ids: String(second.id) });
      const withdrawn = await self.post(roleRemoveHoldersRoute.path, { id, user_ids: String(second.id) });
      expect(withdrawn.json()).toMatchObject({ status: 200, data: { changed: 1 } });
    });
  });
});
