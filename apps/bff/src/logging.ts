import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { pino, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import { LOG_REDACT_PATHS, maskedRequestLog, responseLog } from '@checkup/api-contract';

/** pino JSON lines, with no names or ID numbers in logged URLs and no cookie or token anywhere. */
export function createLogger(level: string, opts: { name?: string; stream?: DestinationStream } = {}): Logger {
  const options = {
    level,
    ...(opts.name ? { name: opts.name } : {}),
    serializers: { req: maskedRequestLog, res: responseLog },
    redact: [...LOG_REDACT_PATHS],
  };
  return opts.stream ? pino(options, opts.stream) : pino(options);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes a pino child (bound to the request id) only when a line is
 * written at an enabled level. Most requests write none, and building a child per request was a
 * fifth of the cost of answering from the GET cache (bench/bff).
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: Logger | null = null;

  constructor(
    private readonly root: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #real(): Logger {
    return (this.#child ??= this.root.child(this.bindings));
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#child && !this.root.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.root).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify options that log through `root` without Fastify's own per-request logging: with a
 * logger of its own Fastify makes a child and listens for every response's end, even when no line
 * will be written. Request ids stay on every line (LazyRequestLogger); the access line is written by the
 * http plugin when info is enabled.
 */
export function loggingOptions(root: Logger | undefined): Pick<FastifyServerOptions, 'childLoggerFactory'> {
  if (!root) return {};
  return { childLoggerFactory: (_fastifyLogger, bindings) => new LazyRequestLogger(root, bindings) };
}
