import Fastify from 'fastify';
import {
  CACHED_URL,
  LOGIN_URL,
  ORDER_SAVE_URL,
  VERSION_URL,
  benchUser,
  benchPlainVersion,
  benchVersion,
  orderListAnswer,
  orderSaveAnswer,
  userSimpleListAnswer,
} from './fixtures.js';

/**
 * Child process: a stand-in for the checkup server that answers at once, so what is measured is
 * the cost of whatever sits in front of it. It does not verify signatures: that is upstream cost.
 */
const port = Number(process.env.BENCH_PORT);
// BENCH_PLAIN=1: the version info asks for neither signing nor field encryption (encrypt_cfg off).
const version = process.env.BENCH_PLAIN === '1' ? benchPlainVersion : benchVersion;
const app = Fastify({ logger: false });

app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
  done(null, body),
);

app.get(VERSION_URL, async () => ({ status: 200, data: version, msg: '操作成功' }));
app.post(LOGIN_URL, async () => ({
  status: 200,
  data: { user: benchUser, token: 'bench-upstream-token-0123456789abcdef0123456789' },
  msg: '登录成功',
}));
app.get('/manager/api/order/list', async () => orderListAnswer);
app.get(CACHED_URL, async () => userSimpleListAnswer);
app.post(ORDER_SAVE_URL, async () => orderSaveAnswer);

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port });
