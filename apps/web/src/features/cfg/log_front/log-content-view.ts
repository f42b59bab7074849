/**
 * What 前端日志 shows of a stored log_content: the JSON the web app writes (lib/front-log's
 * buildLogContent) or the gateway's duplicate warning, read for its message, page and browser; any
 * other text as it is.
 */
export interface LogContentView {
  message: string;
  /** The page (or, for a duplicate warning, the call) it happened on. */
  where: string | null;
  version: string | null;
  errorName: string | null;
  stacktrace: string | null;
  userAgent: string | null;
  /** The content as stored, indented when it is JSON. */
  pretty: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The page of a location: the hash route of the app, else the path. */
function pageOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.hash ? parsed.hash.slice(1) : parsed.pathname;
  } catch {
    return url;
  }
}

export function viewOf(content: string): LogContentView {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const firstLine = content.split(/\r?\n/, 1)[0] ?? '';
    return {
      message: firstLine,
      where: null,
      version: null,
      errorName: null,
      stacktrace: null,
      userAgent: null,
      pretty: content,
    };
  }
  const record = parsed as Record<string, unknown>;
  const url = text(record.url);
  const client = (typeof record.client === 'object' && record.client !== null ? record.client : {}) as Record<
    string,
    unknown
  >;
  const method = text(record.method);
  return {
    message: text(record.message) ?? '（无错误信息）',
    where: url ? (method ? `${method} ${url}` : pageOf(url)) : null,
    version: text(record.version),
    errorName: text(record.errorName),
    stacktrace: text(record.stacktrace),
    userAgent: text(client.userAgent),
    pretty: JSON.stringify(parsed, null, 2),
  };
}
