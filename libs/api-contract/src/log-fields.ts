import { UPSTREAM_TOKEN_HEADER } from './login.js';

/** Headers that carry a secret: never in a log line, at any level (issue 17 §2). */
const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'proxy-authorization', UPSTREAM_TOKEN_HEADER];

/**
 * pino redact paths for both servers: a secret header is censored wherever a line carries a
 * `headers` object, at the top or up to two levels down (req.headers, upstream.res.headers …).
 */
export const LOG_REDACT_PATHS: readonly string[] = SECRET_HEADERS.flatMap((name) => [
  `headers["${name}"]`,
  `*.headers["${name}"]`,
  `*.*.headers["${name}"]`,
]);

/**
 * What a log line shows of a response: its status only. Fastify logs a reply when an answer stream
 * closes early, and the reply reaches the request and its raw headers (the session cookie).
 */
export function responseLog(res: { statusCode?: number }) {
  return { statusCode: res.statusCode };
}
