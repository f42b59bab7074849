import { beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, DEMO_PASSWORD, errorCatalogue, type RouteDescriptor } from '@checkup/api-contract';
import type { z } from 'zod';
import { useTestServer } from './support/app.js';
import { databaseTargets } from './support/database.js';
import { addDept, addOrder, callerFor, tokenFor } from './support/domain.js';

const REFUSED = { status: 400, data: null, msg: errorCatalogue.CONTROL_CHARACTER.msg };

/** The field names a descriptor's input reads, through its wrappers (optional, pipe, refine …). */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return fieldsOf(def.in as z.ZodType);
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'prefault':
      return fieldsOf(def.innerType as z.ZodType);
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap(fieldsOf))];
    case 'intersection':
      return [...fieldsOf(def.left as z.ZodType), ...fieldsOf(def.right as z.ZodType)];
    default:
      return [];
  }
}

/**
 * The guard is a hook that answers before a handler or a query runs, so one database is enough here;
 * the PostgreSQL run of every other file covers the handlers.
 */
const [pglite] = databaseTargets();
describe(pglite!.title, () => {
  const server = useTestServer(pglite!);
  let admin: ReturnType<typeof callerFor>;
  /** For each field, a value its schema takes, so that only the field under test is wrong. */
  let fill: (descriptor: RouteDescriptor) => Record<string, string>;

  beforeAll(async () => {
    admin = callerFor(server, await tokenFor(server, 'admin', DEMO_PASSWORD));
    const dept = await addDept(server.database.db, '内科');
    const orderId = await addOrder(server.database.db, {
      status: 'checked_in',
      depts: [{ deptId: dept.deptId, status: '0' }],
    });
    const candidates = [
      orderId,
      String(dept.deptId),
      '2026-05-01',
      '[1]',
      '[]',
      'Y',
      '0',
      '1',
      'a',
      'health',
      'error',
      'system',
    ];
    fill = (descriptor) => {
      const values: Record<string, string> = {};
      for (const field of fieldsOf(descriptor.input)) {
        const taken = candidates.find((value) => {
          const parsed = descriptor.input.safeParse({ ...values, [field]: value });
          return parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === field);
        });
        if (taken !== undefined) values[field] = taken;
      }
      return values;
    };
  });

  const send = (descriptor: RouteDescriptor, fields: Record<string, string>) =>
    descriptor.method === 'GET' ? admin.get(descriptor.path, fields) : admin.post(descriptor.path, fields);

  const served = () =>
    contractRoutes.filter((d) => server.app.hasRoute({ method: d.method, url: d.path }) && fieldsOf(d.input).length);

  it('walks every served descriptor with fields', () => {
    expect(served().length).toBeGreaterThan(60);
  });

  // Each field of each call gets one of the four, in turn: every field and every character is tried,
  // without four walks of the whole registry.
  it('refuses a control character in any field of any call with a 400 in Chinese, the other fields valid', async () => {
    const controls = ['\u0000', '\u0007', '\u001b[31m', '\r'];
    const answers: string[] = [];
    let tried = 0;
    for (const descriptor of served()) {
      for (const field of fieldsOf(descriptor.input)) {
        const control = controls[tried % controls.length]!;
        tried += 1;
        const res = await send(descriptor, { ...fill(descriptor), [field]: `体检${control}` });
        if (res.statusCode !== 400 || res.json().msg !== REFUSED.msg)
          answers.push(
            `${descriptor.method} ${descriptor.path} ${field} ${JSON.stringify(control)}: ${res.statusCode} ${res.body.slice(0, 60)}`,
          );
      }
    }
    expect(answers).toEqual([]);
    expect(tried).toBeGreaterThan(controls.length * 50);
  }, 120_000);

  it('refuses a control character in a field name too', async () => {
    const res = await admin.get('/manager/api/order/list', { 'key\u0000': '1' });
    expect(res.json()).toEqual(REFUSED);
  });

  it('refuses a NUL written as a JSON escape inside a JSON field', async () => {
    const res = await admin.post('/manager/api/departmentdiagnosis/batch_normal_save', {
      exam_dept_id: 1,
      order_ids: '["2026\\u0000"]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('体检订单含有不可见的控制字符');
  });

  it('refuses a tab or a line break in a single-line field, as its own message says', async () => {
    const tab = await admin.get('/manager/api/examreview/search_diagnosis', { keyword: '高\t血压' });
    expect(tab.json()).toEqual({ status: 400, data: null, msg: '搜索关键字不能包含换行或制表符' });
    const newline = await admin.post('/manager/api/order/check_in', { order_id: '\n20261121000001' });
    expect(newline.json()).toEqual({ status: 400, data: null, msg: '体检号不能包含换行或制表符' });
  });

  it('keeps tabs and line breaks in free text', async () => {
    const order = fill(contractRoutes.find((d) => d.path.endsWith('/set_review_exception'))!).order_id!;
    const res = await admin.post('/manager/api/examreview/set_review_exception', {
      order_id: order,
      reason: '心电图\t异常\r\n请复查',
    });
    expect(res.json()).toMatchObject({ status: 200, data: { review_exception_flag: '1' } });
  });
});
