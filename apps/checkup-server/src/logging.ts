import type { FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers, type DestinationStream } from 'pino';
import { LOG_REDACT_PATHS, maskedRequestLog, responseLog } from '@checkup/api-contract';

type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

// PostgreSQL quotes both names and values in its messages ('invalid input syntax for type integer:
// "张三"'); the names are in the error's own fields (table, column, constraint), so all quoted text goes.
const withoutValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/** The stack's frames under a header of our own: a stack begins with the message it is hiding. */
function stackOf(error: Error, header: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

const isDatabaseError = (error: Error): error is Error & Record<string, unknown> =>
  typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;

/**
 * An error as a log line may show it (issue 17 §2): a failed query keeps its SQL and loses its
 * parameters, a database error keeps its code and where it happened but no values (its detail
 * names them: "Key (cust_id_card)=(…) already exists"); other errors as pino writes them.
 */
export function safeErrorLog(error: Error): LoggedError {
  // pino hands over whatever a line put under err; anything but an error is written as it is.
  if (!(error instanceof Error)) return stdSerializers.err(error);
  if (error instanceof DrizzleQueryError) {
    const message = `Failed query: ${error.query}`;
    return {
      type: error.name,
      message,
      stack: stackOf(error, `${error.name}: ${message}`),
      cause: causeLog(error.cause),
    };
  }
  if (isDatabaseError(error)) {
    const message = withoutValues(error.message);
    const fields = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'];
    return {
      type: error.name,
      message,
      stack: stackOf(error, `${error.name}: ${message}`),
      ...Object.fromEntries(fields.filter((f) => error[f] !== undefined).map((f) => [f, error[f]])),
    };
  }
  const logged: LoggedError = stdSerializers.err(error);
  if (error.cause !== undefined) logged.cause = causeLog(error.cause);
  return logged;
}

const causeLog = (cause: unknown) => (cause instanceof Error ? safeErrorLog(cause) : cause);

/**
 * The checkup server's logger: no names or ID numbers in logged URLs, no query parameters, and
 * no cookie, authorization or session token at any level.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: { req: maskedRequestLog, res: responseLog, err: safeErrorLog },
    redact: [...LOG_REDACT_PATHS],
    ...(stream ? { stream } : {}),
  };
}
