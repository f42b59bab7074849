import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, UPSTREAM_TOKEN_HEADER } from '@checkup/api-contract';
import { users } from '../src/db/schema.js';
import { loggerOptions } from '../src/logging.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { tokenFor } from './support/domain.js';

const NAME = '欧阳娜娜';
const ID_NUMBER = '11010519491231002X';
const COOKIE_SECRET = 'cookie-secret-5be1';
const BEARER_SECRET = 'bearer-secret-0c9d';

describeOnEachDatabase((target) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const server = useTestServer(target, { appOptions: { logger: loggerOptions('trace', stream) } });
  const logged = () => lines.join('\n');

  beforeAll(() => {
    const db = () => server.database.db;
    const open = { config: { access: 'public' as const } };
    // Stand-ins for a handler whose query fails on what a user typed.
    server.app.get('/manager/api/test/bad_cast', open, async () =>
      db().execute(sql`select ${NAME}::int as age, ${ID_NUMBER} as id_card`),
    );
    server.app.get('/manager/api/test/duplicate', open, async () => {
      const row = { userAccount: `dup-${NAME}`, userName: NAME, passwordHash: 'x', specialFlag: '0' };
      await db().insert(users).values(row);
      return db().insert(users).values(row);
    });
  });

  it('logs a failed query with its SQL and code, without its parameters', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/manager/api/test/bad_cast' });
    expect(res.json()).toMatchObject({ status: 500, msg: '服务器内部错误，请稍后再试' });
    const line = lines.find((l) => l.includes('unhandled error'));
    expect(line).toContain('Failed query: select $1::int');
    expect(line).toContain('22P02');
    expect(logged()).not.toContain(NAME);
    expect(logged()).not.toContain(ID_NUMBER);
  });

  it('logs a constraint failure without the values its detail names', async () => {
    await server.app.inject({ method: 'GET', url: '/manager/api/test/duplicate' });
    const line = lines.findLast((l) => l.includes('unhandled error'));
    expect(line).toContain('23505');
    expect(logged()).not.toContain(NAME);
  });

  it('writes no cookie, authorization or session token, at trace level', async () => {
    const token = await tokenFor(server, 'admin', DEMO_PASSWORD);
    for (const url of ['/manager/api/login/user_info', '/manager/api/test/bad_cast', '/manager/api/nowhere']) {
      await server.app.inject({
        method: 'GET',
        url,
        headers: {
          cookie: `sid=${COOKIE_SECRET}`,
          authorization: `Bearer ${BEARER_SECRET}`,
          [UPSTREAM_TOKEN_HEADER]: token,
        },
      });
    }
    expect(logged()).toContain('incoming request');
    expect(logged()).not.toContain(COOKIE_SECRET);
    expect(logged()).not.toContain(BEARER_SECRET);
    expect(logged()).not.toContain(token);
  });
});
