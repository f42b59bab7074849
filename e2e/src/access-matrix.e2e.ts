import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '@checkup/launcher';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_ROLES,
  contractRoutes,
  errorCatalogue,
  isPublic,
  mayCall,
  type RouteDescriptor,
} from '@checkup/api-contract';
import { startTestStack } from '../support/stack.js';

/**
 * Issue 17 §1, the role × call matrix: each demo account signs in through the gateway of `npm start`'s
 * stack and makes every call that is not public, with an empty input. A call its role does not open
 * must be refused (403, the catalogue's message) before the input is read; one it opens must get past
 * the check (its answer is then whatever the empty input earns: mostly a validation message).
 */
const FORBIDDEN = errorCatalogue.FORBIDDEN.msg;
const guardedCalls = contractRoutes.filter((r) => !isPublic(r));
const IN_FLIGHT = 6;

describe('role × call matrix through the gateway', () => {
  let stack: Stack;
  let publicKey: string;

  const encrypt = (password: string) =>
    forge.util.encode64(
      forge.pki.publicKeyFromPem(publicKey).encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'),
    );

  async function signIn(account: string): Promise<string> {
    const res = await fetch(`${stack.url}/manager/api/login/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.url },
      body: new URLSearchParams({ user_account: account, password: encrypt(DEMO_PASSWORD) }),
    });
    expect(res.status).toBe(200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  async function make(cookie: string, route: RouteDescriptor) {
    const res = await fetch(`${stack.url}${route.path}`, {
      method: route.method,
      headers: { cookie, origin: stack.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: route.method === 'POST' ? '' : undefined,
    });
    // An allowed export answers a file, not an envelope.
    const json = (res.headers.get('content-type') ?? '').includes('json');
    const body = json ? ((await res.json()) as { msg: string }) : { msg: '' };
    return { status: res.status, refused: res.status === 403 && body.msg === FORBIDDEN };
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const res = await fetch(`${stack.url}/manager/api/login/public_key`);
    publicKey = ((await res.json()) as { data: { public_key: string } }).data.public_key;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  // One test per account (each well inside the timeout however many calls the route table grows to), and
  // a handful of calls in flight at once, as a screen makes them.
  const tally: string[] = [];
  let totalRefused = 0;

  it.each(DEMO_ACCOUNTS.map((a) => [a.account, a] as const))(
    '%s: refused each call its role does not open, allowed each it does',
    async (_name, account) => {
      const cookie = await signIn(account.account);
      const menu = DEMO_ROLES[account.role].menu;
      const wrong: string[] = [];
      let refused = 0;
      for (let i = 0; i < guardedCalls.length; i += IN_FLIGHT) {
        const batch = guardedCalls.slice(i, i + IN_FLIGHT);
        const answers = await Promise.all(batch.map((route) => make(cookie, route)));
        batch.forEach((route, k) => {
          const answer = answers[k]!;
          const expected = mayCall(route, menu) ? 'allowed' : 'refused';
          const got = answer.refused ? 'refused' : answer.status === 401 ? 'signed out' : 'allowed';
          if (got !== expected) wrong.push(`${route.method} ${route.path}: ${got}, not ${expected}`);
          if (got === 'refused') refused += 1;
        });
      }
      totalRefused += refused;
      tally.push(
        `  ${account.account.padEnd(9)} allowed ${String(guardedCalls.length - refused).padStart(3)}  refused ${refused}`,
      );
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('refuses every account but the administrator a fair share of calls', () => {
    process.stdout.write(
      [`role × call matrix, ${guardedCalls.length} calls that are not public:`, ...tally].join('\n') +
        `\n${totalRefused} refused in all\n`,
    );
    expect(tally).toHaveLength(DEMO_ACCOUNTS.length);
    expect(totalRefused).toBeGreaterThan(DEMO_ACCOUNTS.length * 20);
  });
});
