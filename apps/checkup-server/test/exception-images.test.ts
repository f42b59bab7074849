import { hash, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  BODY_DIGEST_PARAM,
  DEMO_PASSWORD,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  SIGNATURE_PARAMS,
  parsePairs,
  stringToSign,
  uploadExceptionImageRoute,
  withoutSignatureParams,
} from '@checkup/api-contract';
import { auditLog, orderExceptions, storedFiles } from '../src/db/schema.js';
import { signatureOf } from '../src/modules/security/request-signature.js';
import { useTestServer } from './support/app.js';
import { describeOnEachDatabase } from './support/database.js';
import { addOrder, addStaff, callerFor, tokenFor } from './support/domain.js';
import { updateApiSecurity } from './support/signing.js';

const UPLOAD = uploadExceptionImageRoute.path;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('图像数据')]);
const MB = 1024 * 1024;

/** A multipart body as a browser's FormData makes it, with a boundary of its own each time. */
async function multipart(file: Buffer, name = '心电图.png', type = 'image/png') {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

describeOnEachDatabase((target) => {
  const server = useTestServer(target);
  const db = () => server.database.db;
  const tokens: Record<string, string> = {};
  let orderId: string;
  let exceptionId: number;

  beforeAll(async () => {
    tokens.chief = await tokenFor(server, 'admin', DEMO_PASSWORD);
    await addStaff(db(), 'img_clerk', '登记员丙', '0', { menu: ['exam_mg/order_quick_register'] });
    tokens.clerk = await tokenFor(server, 'img_clerk');
    orderId = await addOrder(db(), { status: 'checked_in' });
    const [record] = await db()
      .insert(orderExceptions)
      .values({ orderId, exceptionType: 'review', reviewException: '心电图异常', exceptionUser: '系统管理员' })
      .returning({ id: orderExceptions.id });
    exceptionId = record!.id;
  });

  async function upload(file: Buffer, extras: { as?: string; key?: string; name?: string; query?: string } = {}) {
    const body = await multipart(file, extras.name);
    return server.app.inject({
      method: 'POST',
      url: `${UPLOAD}?${extras.query ?? `order_id=${orderId}&id=${exceptionId}`}`,
      payload: body.payload,
      headers: {
        'content-type': body.type,
        'x-checkup-token': tokens[extras.as ?? 'chief']!,
        ...(extras.key ? { [IDEMPOTENCY_KEY_HEADER]: extras.key } : {}),
      },
    });
  }
  const filesOf = async () =>
    (
      await db()
        .select({ n: count() })
        .from(storedFiles)
        .where(and(eq(storedFiles.purpose, 'exception_image'), eq(storedFiles.ownerRef, String(exceptionId))))
    )[0]!.n;

  it('stores an image in the file store with an audit row, lists it on the exception, and serves it', async () => {
    const res = await upload(PNG);
    expect(res.json()).toMatchObject({ status: 200, data: { file_id: expect.any(Number) } });
    const { file_id, url } = res.json().data as { file_id: number; url: string };

    const history = await callerFor(server, tokens.chief!).get('/manager/api/examreview/get_exception_history', {
      order_id: orderId,
    });
    expect(history.json().data[0].exception_images).toContain(url);
    const image = await server.app.inject({ method: 'GET', url, headers: { 'x-checkup-token': tokens.chief! } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'file_upload'));
    expect(audits.at(-1)).toMatchObject({
      userAccount: 'admin',
      target: `exception_image:${exceptionId}`,
      detail: { file_id, size: PNG.length, sha256: hash('sha256', PNG, 'hex') },
    });
  });

  it('refuses an account whose screens show no exceptions, for the upload and the image', async () => {
    const before = await filesOf();
    const res = await upload(PNG, { as: 'clerk' });
    expect(res.json()).toMatchObject({ status: 403, msg: '没有权限执行此操作，请联系管理员' });
    expect(await filesOf()).toBe(before);
    const image = await server.app.inject({
      method: 'GET',
      url: '/manager/api/examreview/exception_image?id=1',
      headers: { 'x-checkup-token': tokens.clerk! },
    });
    expect(image.json()).toMatchObject({ status: 403 });
  });

  it('refuses a file over 5 MB with 413, and a body over the call’s limit before reading it', async () => {
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5 * MB)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ status: 413, data: null, msg: '文件不能超过5MB' });
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(6 * MB)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: 413, data: null, msg: '提交的内容过大' });
  });

  it('refuses what is not an image by its own bytes, whatever its name and type say', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'), { name: 'photo.png' });
    expect(res.json()).toEqual({ status: 400, data: null, msg: '只能上传JPG 或 PNG 图片' });
  });

  it('refuses a file name with a control character', async () => {
    const res = await upload(PNG, { name: 'a\u0007.png' });
    expect(res.json()).toMatchObject({ status: 400, msg: '提交的内容含有不可见的控制字符，请删除后重试' });
  });

  it('answers a retried upload with its first answer, whatever boundary the retry has', async () => {
    const key = `upload-${randomUUID()}`;
    const before = await filesOf();
    const first = await upload(PNG, { key });
    const retry = await upload(PNG, { key });
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await filesOf()).toBe(before + 1);
  });

  it('checks a signed upload’s body by the digest its signature covers', async () => {
    await updateApiSecurity(db(), { api_integrity_verify: true });
    try {
      const body = await multipart(PNG);
      const signed = (digest: string) => {
        const query = new URLSearchParams({ order_id: orderId, id: String(exceptionId), [BODY_DIGEST_PARAM]: digest });
        const { pairs } = withoutSignatureParams(parsePairs(query.toString()));
        const timestamp = String(Date.now());
        const nonce = randomUUID();
        const text = stringToSign({ method: 'POST', path: UPLOAD, pairs, sort: true, timestamp, nonce });
        query.append(SIGNATURE_PARAMS.timestamp, timestamp);
        query.append(SIGNATURE_PARAMS.nonce, nonce);
        query.append(SIGNATURE_PARAMS.signature, signatureOf(server.apiKeys.sign, text));
        return server.app.inject({
          method: 'POST',
          url: `${UPLOAD}?${query}`,
          payload: body.payload,
          headers: { 'content-type': body.type, 'x-checkup-token': tokens.chief! },
        });
      };
      expect((await signed(hash('sha256', body.payload, 'base64url'))).json()).toMatchObject({ status: 200 });
      const forged = await signed(hash('sha256', Buffer.from('another body'), 'base64url'));
      expect(forged.json()).toMatchObject({ status: 403, msg: '请求签名校验失败' });
    } finally {
      await updateApiSecurity(db(), { api_integrity_verify: false });
    }
  });
});
