import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  contractRoutes,
  errorCatalogue,
  isKnownAccessKey,
  queueDisplayStreamRoute,
  routeOfMenuKey,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { auditLog } from '../src/db/schema.js';
import { authPlugin } from '../src/plugins/auth.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { callerFor } from './support/domain.js';
import { staffSession } from './support/access.js';

/**
 * Issue 17 §1, over the whole registry: every call the checkup server answers declares its access, and
 * an account whose role opens none of its screens is refused with 403, before the input is read, leaving
 * one audit row and nothing else changed. The same call by an account that opens one of them is not.
 */
const keysOf = (route: RouteDescriptor) => (Array.isArray(route.access) ? [...route.access] : []);

/** Every menu key and declared permission, except those that would open one of `keys`. */
function everythingBut(keys: readonly string[]): string[] {
  const opening = new Set<string>(keys);
  for (const key of keys) {
    const screen = routeOfMenuKey(key);
    if (screen?.parentKey) opening.add(screen.parentKey);
  }
  const all = APP_ROUTES.flatMap((r) => [r.menuKey, ...r.actions.map((a) => a.accessKey)]);
  return all.filter((key) => !opening.has(key));
}

const FORBIDDEN = errorCatalogue.FORBIDDEN.msg;

describe('the contract', () => {
  it('names a known screen or declared permission in every access key', () => {
    const unknown = contractRoutes.flatMap((r) =>
      keysOf(r)
        .filter((k) => !isKnownAccessKey(k))
        .map((k) => `${r.path} ${k}`),
    );
    expect(unknown).toEqual([]);
  });

  it('gives the writing GETs a flag, and every path one descriptor per method', () => {
    const seen = new Set(contractRoutes.map((r) => `${r.method} ${r.path}`));
    expect(seen.size).toBe(contractRoutes.length);
    expect(contractRoutes.filter((r) => r.method === 'GET' && r.writes).map((r) => r.path)).toEqual([
      '/manager/api/departmentdiagnosis/order_dept_sign',
      '/manager/api/departmentdiagnosis/order_imaging_dept_sign',
    ]);
  });
});

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const served = () => contractRoutes.filter((r) => server.app.hasRoute({ method: r.method, url: r.path }));

  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  /** Rows of every table, the audit log and the server's operation log (a row per refusal) apart. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await rowsOf<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('audit_log', 'server_op_logs')`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
      counts[name] = Number(row!.n);
    }
    return counts;
  }
  const auditCount = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
      )[0]!.n,
    );

  const call = (token: string | null, route: RouteDescriptor) => {
    const caller = callerFor(server, token ?? '');
    return route.method === 'GET' ? caller.get(route.path) : caller.post(route.path, {});
  };

  beforeAll(async () => {
    // Calls the demo seed answers for every descriptor this server registers.
    expect(served().length).toBeGreaterThan(90);
  });

  it('refuses every screen-keyed call to an account whose role opens none of its screens, changing nothing', async () => {
    const guarded = served().filter((r) => keysOf(r).length > 0);
    const before = await rowCounts();
    const auditsBefore = await auditCount();
    const answers: string[] = [];
    // One account per set of access keys: the calls of one screen share the account that opens all else.
    const tokens = new Map<string, string>();
    for (const route of guarded) {
      const keys = keysOf(route).sort().join(' ');
      if (!tokens.has(keys))
        tokens.set(keys, await staffSession(db(), `deny_${tokens.size}`, everythingBut(keysOf(route))));
      const res = await call(tokens.get(keys)!, route);
      answers.push(`${route.method} ${route.path} → ${res.statusCode} ${res.json().msg}`);
    }
    expect(answers.filter((a) => !a.endsWith(`→ 403 ${FORBIDDEN}`))).toEqual([]);
    const after = await rowCounts();
    // The callers' accounts, roles and sessions are the only new rows besides one audit row a refusal.
    expect({ ...after, user_sessions: 0, users: 0, roles: 0, user_roles: 0 }).toEqual({
      ...before,
      user_sessions: 0,
      users: 0,
      roles: 0,
      user_roles: 0,
    });
    expect(after.users! - before.users!).toBe(tokens.size);
    expect((await auditCount()) - auditsBefore).toBe(guarded.length);
    const denied = await db()
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'access_denied' and ${auditLog.userAccount} like 'deny\\_%'`);
    expect(denied.map((d) => d.target).sort()).toEqual(guarded.map((r) => r.path).sort());
    process.stdout.write(`access registry: ${guarded.length} screen-keyed calls refused\n`);
    // One call per route, one account per set of access keys.
  }, 120_000);

  it('lets an account whose role opens exactly one of the screens past the check', async () => {
    const guarded = served().filter((r) => keysOf(r).length > 0);
    const refused: string[] = [];
    // One account per key; each call takes its keys in turn, so a call with several screens tries them all across the registry.
    const tokens = new Map<string, string>();
    for (const [i, route] of guarded.entries()) {
      const key = keysOf(route)[i % keysOf(route).length]!;
      if (!tokens.has(key)) tokens.set(key, await staffSession(db(), `allow_${tokens.size}`, [key]));
      const res = await call(tokens.get(key)!, route);
      if (res.statusCode === 403 && res.json().msg === FORBIDDEN) refused.push(`${route.path} (${key})`);
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('answers signed-in calls to a role without screens, and no call but the public ones without a session', async () => {
    const token = await staffSession(db(), 'no_screens', []);
    const signedIn = served().filter((r) => r.access === 'signed-in');
    expect(signedIn.length).toBeGreaterThan(5);
    for (const route of signedIn) {
      const res = await call(token, route);
      expect([route.path, res.statusCode]).not.toEqual([route.path, 403]);
    }
    // The hall's event stream never ends by itself; queue-display.test reads it without a session.
    for (const route of served().filter((r) => r !== queueDisplayStreamRoute)) {
      const res = await call(null, route);
      if (route.access === 'public') expect([route.path, res.statusCode]).not.toEqual([route.path, 401]);
      else expect([route.path, res.statusCode]).toEqual([route.path, 401]);
    }
  });

  it('will not register a route under /manager that declares no access', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: db(), idleMinutes: 30 });
    expect(() => app.get('/manager/api/test/undeclared', async () => null)).toThrow(/declares no access/);
    expect(() =>
      app.get('/manager/api/test/declared', { config: { access: 'signed-in' } }, async () => null),
    ).not.toThrow();
    await app.close();
  });
});
