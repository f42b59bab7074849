import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountResource,
  changePasswordRoute,
  errorCatalogue,
  resetPasswordRoute,
  signatureImageRoute,
  unlockAccountRoute,
  uploadSignatureRoute,
  userInfoRoute,
} from '@checkup/api-contract';
import { auditLog, passwordHistory, roles, users } from '../src/db/schema.js';
import { NO_ADMIN_LEFT } from '../src/modules/access/admins-remain.js';
import { encrypt, form, useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addStaff, callerFor, tokenFor } from './support/domain.js';
import { describeResource } from './support/resource-suite.js';
import { addReviewedOrder } from './report-fixture.js';

/**
 * Issue 21, 账号管理: the generated resource suite, the password policy on create, 重置密码 and
 * 修改密码 (with the gate while a password must be changed), the server's lockout and 解锁, the login
 * log's address, browser and result, disabled sessions, and the last administrator.
 */
const ACCOUNT = '/manager/api/user/account';
const LOGIN = '/manager/api/login/login';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0) Chrome/130 账号测试';
/** A real 1×1 PNG: the report's PDF draws it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const seal = (password: string) => encrypt(password, server.keys.publicKeyPem);
  let plainRole: number;
  let adminRole: number;
  let keeper: ReturnType<typeof callerFor>;
  let serial = 0;

  beforeAll(async () => {
    const [plain] = await db()
      .insert(roles)
      .values({ roleName: '账号测试-登记', roleKey: 'acct_plain', roleMenu: ['exam_mg/home_page'] })
      .returning({ id: roles.id });
    const [admin] = await db()
      .insert(roles)
      .values({ roleName: '账号测试-管理', roleKey: 'acct_admin', roleMenu: ['cfg/role_mg', 'cfg/priv_cfg'] })
      .returning({ id: roles.id });
    plainRole = plain!.id;
    adminRole = admin!.id;
    await addStaff(db(), 'acct_keeper', '账号管理员', '0', { menu: ['cfg/priv_cfg', 'cfg/priv_cfg:reset_password'] });
    keeper = callerFor(server, await tokenFor(server, 'acct_keeper'));
  });

  // The form's own refusals come before the password is read: their forms carry none.
  const accountFields = (n: number) => ({
    user_account: `acct_${n}`,
    user_name: `账号${n}号`,
    role_ids: JSON.stringify([plainRole ?? 1]),
    discount_floor: '90',
  });
  const validAccount = (n: number) => ({ ...accountFields(n), password: seal(`Init#${n}pass`) });

  describeResource(server, accountResource, {
    valid: validAccount,
    invalid: [
      { form: { ...accountFields(1), user_account: '' }, message: '请填写账号' },
      { form: { ...accountFields(2), user_account: '张 三' }, message: '账号只能包含字母、数字、点、-和_' },
      { form: { ...accountFields(3), role_ids: '' }, message: '请选择角色' },
      { form: { ...accountFields(4), discount_floor: '120' }, message: '折扣下限应在0到100之间' },
      { form: { ...accountFields(5), harm_classes: 'noise' }, message: '可下结论的危害因素类别不正确' },
    ],
    filterFor: (n) => ({ key: `账号${n}号` }),
  });

  /** A new account through 账号管理, answered with its row. */
  async function createAccount(fields: Record<string, string> = {}) {
    const n = 9000 + (serial += 1);
    const res = await keeper.post(`${ACCOUNT}/save`, { ...validAccount(n), ...fields });
    expect(res.json()).toMatchObject({ status: 200 });
    return { row: res.json().data, account: `acct_${n}`, password: `Init#${n}pass` };
  }

  const login = (account: string, password: string) => {
    const body = form({ user_account: account, password: seal(password) });
    return server.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...body.headers, 'user-agent': BROWSER },
      payload: body.payload,
    });
  };

  /** Signs in an account that must change its password and changes it: answers a caller. */
  async function signedIn(account: string, password: string, next = `New#${account}1`) {
    const caller = callerFor(server, (await login(account, password)).json().data.token);
    const res = await caller.post(changePasswordRoute.path, { old_password: seal(password), new_password: seal(next) });
    expect(res.json()).toMatchObject({ status: 200 });
    return caller;
  }

  const auditsOf = (action: string, userAccount: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.userAccount, userAccount)))
      .orderBy(desc(auditLog.id));

  describe('password policy', () => {
    it('refuses a weak initial password with the rule it breaks, and writes nothing', async () => {
      const cases: [string, string][] = [
        ['Ab1!', '密码长度不能少于8位'],
        ['abcdefgh1', '密码须包含大写字母、小写字母、数字和符号中的至少三种'],
        ['Acct_weak#1', '密码不能包含账号'],
      ];
      for (const [password, message] of cases) {
        const res = await keeper.post(`${ACCOUNT}/save`, {
          ...validAccount(1),
          user_account: 'acct_weak',
          password: seal(password),
        });
        expect([res.statusCode, res.json().msg]).toEqual([400, message]);
      }
      const missing = await keeper.post(`${ACCOUNT}/save`, {
        ...accountFields(1),
        user_account: 'acct_weak',
        password: '',
      });
      expect(missing.json().msg).toBe('请输入初始密码');
      expect(await db().select().from(users).where(eq(users.userAccount, 'acct_weak'))).toHaveLength(0);
    });

    it('keeps the initial password hashed in the history, never answers or audits it, and asks for a change', async () => {
      const { row, password } = await createAccount();
      expect(row).toMatchObject({ must_change_password: true, role_ids: [plainRole], discount_floor: 90 });
      const list = (await keeper.get(`${ACCOUNT}/list`, { size: 100 })).body;
      expect(list).not.toMatch(/scrypt|password_hash|Init#/);
      const history = await db().select().from(passwordHistory).where(eq(passwordHistory.userId, row.id));
      expect(history).toHaveLength(1);
      expect(history[0]!.passwordHash).toMatch(/^scrypt\$/);
      const [saved] = await auditsOf('config_save', 'acct_keeper').then((rows) =>
        rows.filter((r) => r.target === `account:${row.id}`),
      );
      expect(JSON.stringify(saved!.detail)).not.toMatch(/password|Init#/);
      expect(password).toMatch(/^Init#/);
    });
  });

  describe('修改密码 and the gate while a password must be changed', () => {
    it('refuses every call but user_info, logout and 修改密码 until the password is changed', async () => {
      const { account, password } = await createAccount();
      const signIn = await login(account, password);
      expect(signIn.json().data.user.must_change_password).toBe(true);
      const caller = callerFor(server, signIn.json().data.token);

      const refused = await caller.get('/manager/api/user/user_simple_list');
      expect([refused.statusCode, refused.json().msg]).toEqual([403, errorCatalogue.PASSWORD_CHANGE_REQUIRED.msg]);
      expect((await caller.get(userInfoRoute.path)).json().data.must_change_password).toBe(true);

      const change = (old: string, next: string) =>
        caller.post(changePasswordRoute.path, { old_password: seal(old), new_password: seal(next) });
      expect((await change('Wrong#pass1', 'Fresh#pass1')).json().msg).toBe('原密码不正确');
      expect((await change(password, password)).json().msg).toBe('新密码不能与最近5次使用过的密码相同');
      expect((await change(password, `${account}#A1`)).json().msg).toBe('密码不能包含账号');
      expect((await change(password, 'Fresh#pass1')).json()).toMatchObject({ status: 200 });

      expect((await caller.get(userInfoRoute.path)).json().data.must_change_password).toBe(false);
      expect((await caller.get('/manager/api/user/user_simple_list')).json().status).toBe(200);
      expect((await login(account, 'Fresh#pass1')).json().data.user.must_change_password).toBe(false);
      const [changed] = await auditsOf('password_change', account);
      expect(JSON.stringify(changed)).not.toMatch(/Fresh#|Init#/);
    });

    it('refuses any of the last five passwords and takes the sixth-last again', async () => {
      const { account, password } = await createAccount();
      const caller = await signedIn(account, password, 'Pass#0001');
      const change = (old: string, next: string) =>
        caller.post(changePasswordRoute.path, { old_password: seal(old), new_password: seal(next) });
      for (const [old, next] of [
        ['Pass#0001', 'Pass#0002'],
        ['Pass#0002', 'Pass#0003'],
        ['Pass#0003', 'Pass#0004'],
        ['Pass#0004', 'Pass#0005'],
      ])
        expect((await change(old!, next!)).json().status).toBe(200);
      // History: the initial one, then 0001 … 0005; the last five are 0001 … 0005.
      expect((await change('Pass#0005', 'Pass#0001')).json().msg).toBe('新密码不能与最近5次使用过的密码相同');
      expect((await change('Pass#0005', password)).json().status).toBe(200);
    });
  });

  describe('重置密码', () => {
    it('is refused without its button permission, and sets a temporary password to be changed at the next login', async () => {
      const { row, account, password } = await createAccount();
      const own = await signedIn(account, password, 'Mine#2026x');

      await addStaff(db(), 'acct_viewer', '只看账号', '0', { menu: ['cfg/priv_cfg'] });
      const viewer = callerFor(server, await tokenFor(server, 'acct_viewer'));
      const denied = await viewer.post(resetPasswordRoute.path, { user_id: row.id, password: seal('Temp#2026x') });
      expect(denied.statusCode).toBe(403);

      const weak = await keeper.post(resetPasswordRoute.path, { user_id: row.id, password: seal('temp') });
      expect(weak.json().msg).toBe('密码长度不能少于8位');
      const reused = await keeper.post(resetPasswordRoute.path, { user_id: row.id, password: seal('Mine#2026x') });
      expect(reused.json().msg).toBe('新密码不能与最近5次使用过的密码相同');
      const reset = await keeper.post(resetPasswordRoute.path, { user_id: row.id, password: seal('Temp#2026x') });
      expect(reset.json()).toMatchObject({ status: 200 });

      // The session already open is held to the change as well.
      expect((await own.get('/manager/api/user/user_simple_list')).statusCode).toBe(403);
      expect((await login(account, 'Mine#2026x')).json().msg).toBe(errorCatalogue.WRONG_CREDENTIALS.msg);
      expect((await login(account, 'Temp#2026x')).json().data.user.must_change_password).toBe(true);
      const [audit] = await auditsOf('password_reset', 'acct_keeper');
      expect(audit).toMatchObject({ target: `account:${row.id}`, detail: { user_account: account } });
      expect(JSON.stringify(audit)).not.toMatch(/Temp#/);
    });
  });

  describe('lockout and 解锁', () => {
    it('locks after five wrong passwords in a row, even against the right one, shows it, and 解锁 releases it', async () => {
      const { row, account, password } = await createAccount();
      for (let i = 0; i < 5; i += 1)
        expect((await login(account, 'Wrong#pass1')).json().msg).toBe(errorCatalogue.WRONG_CREDENTIALS.msg);
      const locked = await login(account, password);
      expect([locked.statusCode, locked.json().msg]).toEqual([423, '登录失败次数过多，账号已锁定15分钟，请稍后再试']);

      const listed = (await keeper.get(`${ACCOUNT}/list`, { key: account, locked: '1' })).json().data;
      expect(listed.total).toBe(1);
      expect(Date.parse(listed.list[0].locked_until)).toBeGreaterThan(Date.now() + 14 * 60_000);

      const [failed] = await auditsOf('login_failed', account);
      expect(failed).toMatchObject({ ip: '127.0.0.1', detail: { result: 'wrong_password', user_agent: BROWSER } });
      expect((await auditsOf('account_locked', account)).length).toBe(1);
      expect((await auditsOf('login_locked', account))[0]!.detail).toMatchObject({ result: 'locked' });

      const unlocked = await keeper.post(unlockAccountRoute.path, { user_id: row.id });
      expect(unlocked.json()).toMatchObject({ status: 200 });
      expect((await keeper.get(`${ACCOUNT}/detail`, { id: row.id })).json().data.locked_until).toBeNull();
      const signIn = await login(account, password);
      expect(signIn.json().status).toBe(200);
      expect((await auditsOf('login', account))[0]!.detail).toMatchObject({ result: 'success', user_agent: BROWSER });
      expect((await auditsOf('account_unlock', 'acct_keeper'))[0]).toMatchObject({ target: `account:${row.id}` });
    });

    it('locks a name that is no account after five wrong passwords too, so the answers do not tell accounts apart', async () => {
      const nobody = `nobody_${Math.floor(Math.random() * 1e9)}`;
      for (let i = 0; i < 5; i += 1)
        expect((await login(nobody, 'Wrong#pass1')).json().msg).toBe(errorCatalogue.WRONG_CREDENTIALS.msg);
      const locked = await login(nobody, 'Wrong#pass1');
      expect([locked.statusCode, locked.json().msg]).toEqual([423, '登录失败次数过多，账号已锁定15分钟，请稍后再试']);
      expect((await auditsOf('login_locked', nobody))[0]!.detail).toMatchObject({ result: 'locked' });
    });

    it('starts the count again after a success, and lets an expired lock go by itself', async () => {
      const { row, account, password } = await createAccount();
      for (let i = 0; i < 4; i += 1) await login(account, 'Wrong#pass1');
      expect((await login(account, password)).json().status).toBe(200);
      for (let i = 0; i < 4; i += 1) await login(account, 'Wrong#pass1');
      expect((await login(account, password)).json().status).toBe(200);

      await db()
        .update(users)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(users.id, row.id));
      expect((await login(account, password)).json().status).toBe(200);
    });
  });

  describe('disabling and the last administrator', () => {
    it('ends the sessions of a disabled account at its next call and refuses its login', async () => {
      const { row, account, password } = await createAccount();
      const caller = await signedIn(account, password, 'Ready#2026');
      expect((await caller.get(userInfoRoute.path)).statusCode).toBe(200);

      const off = await keeper.post(`${ACCOUNT}/enable`, { id: row.id, enabled: '0' });
      expect(off.json()).toMatchObject({ status: 200, data: { enabled: false } });

      const next = await caller.get(userInfoRoute.path);
      expect([next.statusCode, next.json().msg]).toEqual([401, errorCatalogue.NOT_LOGGED_IN.msg]);
      const refused = await login(account, 'Ready#2026');
      expect(refused.json().msg).toBe(errorCatalogue.ACCOUNT_DISABLED.msg);
      expect((await auditsOf('login_refused_disabled', account))[0]!.detail).toMatchObject({ result: 'disabled' });
    });
  });

  async function uploadImage(image: Buffer) {
    const data = new FormData();
    data.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), '签名.png');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    return server.app.inject({
      method: 'POST',
      url: uploadSignatureRoute.path,
      headers: { 'content-type': request.headers.get('content-type')!, 'x-checkup-token': keeper.token },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  it('stores a signature image, keeps it with the account, shows it, and prints it on the reports it signed', async () => {
    const broken = await uploadImage(Buffer.concat([PNG.subarray(0, 8), Buffer.from('不是图片的内容')]));
    expect(broken.json().msg).toBe('签名图片无法读取，请重新扫描或拍照后上传');
    const fileId = (await uploadImage(PNG)).json().data.file_id as number;
    const { row } = await createAccount({ signature_file_id: String(fileId) });
    expect(row.signature_file_id).toBe(fileId);

    // The report fixture's reviews are signed by account 1.
    await addStaff(db(), 'acct_printer', '报告打印员');
    const printer = callerFor(server, await tokenFor(server, 'acct_printer'));
    const orderId = await addReviewedOrder(db(), { status: 'final_trial', name: '签名报告' });
    const pdf = () => printer.get('/manager/api/report/report_pdf', { order_id: orderId });
    const before = images((await pdf()).rawPayload);
    await db().update(users).set({ signatureFileId: fileId }).where(eq(users.id, 1));
    expect(images((await pdf()).rawPayload)).toBeGreaterThan(before);
    await db().update(users).set({ signatureFileId: null }).where(eq(users.id, 1));
    const image = await keeper.get(signatureImageRoute.path, { id: fileId });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const missing = await keeper.post(`${ACCOUNT}/save`, { ...validAccount(8888), signature_file_id: '999999' });
    expect(missing.json().msg).toBe('签名图片不存在，请重新上传');
  });

  // Last: it disables every other account for a while.
  it('refuses to disable the last account that opens 角色管理 and 账号管理, or to take its role', async () => {
    const admins = JSON.stringify([adminRole]);
    const { row: last, account, password } = await createAccount({ role_ids: admins });
    const lastAdmin = await signedIn(account, password, 'Admin#2026x');
    const { row: other } = await createAccount({ role_ids: admins });
    const others = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, '1'), ne(users.id, last.id)));
    const otherIds = others.map((o) => o.id);
    await db().update(users).set({ status: '0' }).where(inArray(users.id, otherIds));
    const demote = { user_account: account, user_name: last.user_name, role_ids: JSON.stringify([plainRole]) };
    try {
      const disable = await lastAdmin.post(`${ACCOUNT}/enable`, { id: last.id, enabled: '0' });
      expect([disable.statusCode, disable.json().msg]).toEqual([400, NO_ADMIN_LEFT]);
      const demoted = await lastAdmin.post(`${ACCOUNT}/save`, { ...demote, id: last.id, version: last.version });
      expect([demoted.statusCode, demoted.json().msg]).toEqual([400, NO_ADMIN_LEFT]);
      const kept = (await lastAdmin.get(`${ACCOUNT}/detail`, { id: last.id })).json().data;
      expect(kept).toMatchObject({ enabled: true, role_ids: [adminRole], version: last.version });

      // With a second administrator enabled, the first may step down.
      await db().update(users).set({ status: '1' }).where(eq(users.id, other.id));
      const stepDown = await lastAdmin.post(`${ACCOUNT}/save`, { ...demote, id: last.id, version: last.version });
      expect(stepDown.json()).toMatchObject({ status: 200, data: { role_ids: [plainRole] } });
    } finally {
      await db().update(users).set({ status: '1' }).where(inArray(users.id, otherIds));
    }
  });
});
