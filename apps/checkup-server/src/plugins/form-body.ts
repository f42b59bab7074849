import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The form body exactly as it travelled: api_signature is computed over its pairs (spec §7). */
    rawFormBody: string | undefined;
  }
}

/** Repeated keys become arrays, as @fastify/formbody did; no prototype, so `__proto__` is just a key. */
export function formToObject(encoded: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(encoded)) {
    const seen = fields[key];
    if (seen === undefined) fields[key] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else fields[key] = [seen, value];
  }
  return fields;
}

/** Parses form bodies (spec §7: every call is form-encoded) and keeps the raw text for the signature check. */
export const formBodyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('rawFormBody', undefined);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawFormBody = text;
    done(null, formToObject(text));
  });
});
