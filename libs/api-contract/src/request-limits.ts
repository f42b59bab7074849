import { errorCatalogue, failure, type ErrorCode } from './errors.js';

/** Issue 17 §2: a longer URL is refused with 414 and the envelope, on every port. */
export const MAX_URL_BYTES = 16 * 1024;

/**
 * Node's limit for the request line and headers together. Raised above MAX_URL_BYTES so that an
 * over-long URL reaches the servers' own check instead of Node's bare 431.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** The form body of a call whose descriptor names no bodyLimit of its own. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const REQUEST_LINE = /^[A-Z]+ \S/;
// What a URL may hold, and a header line does as soon as it has a space, a separator or its end.
const URL_RUN = /^[\x21-\x7e]*$/;
const latin1 = new TextDecoder('latin1');

/**
 * Which refusal a request Node could not parse gets. Over its header limit, Node shows only the
 * packet it was reading: one that starts a request line, or continues one as a run of URL
 * characters with no line end, is an over-long URL (414 like any other); else a header block (431).
 */
function codeOf(error: { code?: string; rawPacket?: Uint8Array }): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 'BAD_REQUEST';
  const packet = error.rawPacket ? latin1.decode(error.rawPacket.subarray(0, MAX_URL_BYTES)) : '';
  const line = packet.split('\r\n', 1)[0]!;
  if (packet && line.length === packet.length && (REQUEST_LINE.test(line) || URL_RUN.test(line))) return 'URI_TOO_LONG';
  return 'HEADERS_TOO_LARGE';
}

/**
 * The whole HTTP answer to a request Node refused before Fastify saw it (the servers' clientErrorHandler):
 * the envelope, not a bare status; the connection closes after it.
 */
export function clientErrorAnswer(error: { code?: string; rawPacket?: Uint8Array }): string {
  const code = codeOf(error);
  const body = JSON.stringify(failure(code));
  return [
    `HTTP/1.1 ${errorCatalogue[code].status} ${code.replaceAll('_', ' ')}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${new TextEncoder().encode(body).length}`,
    'x-content-type-options: nosniff',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}
