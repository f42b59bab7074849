import { addLogRoute, type RouteInput } from '@checkup/api-contract';
import { api } from '../api';
import { buildLogContent, currentPageFacts, messageOf, type ErrorReport, type PageFacts } from './log-content';

/** Spec §3 log_source: the entry the log came from. */
export const FRONT_LOG_SOURCE = '体检系统';

/** Spec §8: the browser's harmless resize-observer loop notice is only warned, never sent. */
const RESIZE_OBSERVER_LOOP = /ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

export interface FrontLogOptions {
  /** The version of commondata/version, when known. */
  version: () => string;
  source?: string;
  send?: (input: RouteInput<typeof addLogRoute>) => Promise<unknown>;
  facts?: (version: string) => PageFacts;
  /** Flood limits per minute: the same message, and all messages. */
  maxSamePerMinute?: number;
  maxPerMinute?: number;
}

/** Reports errors to add_log (spec §7) with a flood limit, never reporting its own failures. */
export function createFrontLogReporter(options: FrontLogOptions) {
  const send = options.send ?? ((input) => api.call(addLogRoute, input));
  const facts = options.facts ?? currentPageFacts;
  const maxSame = options.maxSamePerMinute ?? 3;
  const maxAll = options.maxPerMinute ?? 20;
  let sentAt: { key: string; at: number }[] = [];
  let busy = false;

  return function report(report: ErrorReport): boolean {
    const message = messageOf(report);
    if (RESIZE_OBSERVER_LOOP.test(message)) {
      console.warn(message);
      return false;
    }
    // An error about add_log itself, or one raised while reporting, would only feed itself.
    if (busy || message.includes(addLogRoute.path)) return false;
    const now = Date.now();
    const key = `${report.kind}:${message}`;
    sentAt = sentAt.filter((s) => now - s.at < 60_000);
    if (sentAt.length >= maxAll || sentAt.filter((s) => s.key === key).length >= maxSame) return false;
    sentAt.push({ key, at: now });
    busy = true;
    try {
      const log_content = buildLogContent(report, facts(options.version()));
      // spec §6: operator_id is sent empty. A failed send ends here, so it is never reported again.
      void send({
        log_type: 'error',
        operator_id: '',
        log_source: options.source ?? FRONT_LOG_SOURCE,
        log_content,
      }).catch(() => undefined);
      return true;
    } catch {
      return false;
    } finally {
      busy = false;
    }
  };
}

let installed: { report: ReturnType<typeof createFrontLogReporter>; uninstall: () => void } | null = null;

/** Catches the window's uncaught errors and rejections (spec §3 type 'uncaught'); once per page. */
export function installFrontLog(options: FrontLogOptions, target: Window = window): () => void {
  if (installed) return installed.uninstall;
  const report = createFrontLogReporter(options);
  const onError = (event: ErrorEvent) =>
    report({
      kind: 'uncaught',
      error: event.error,
      message: event.message,
      lineNumber: event.lineno,
      columnNumber: event.colno,
      fileName: event.filename,
    });
  const onRejection = (event: PromiseRejectionEvent) =>
    report({ kind: 'uncaught', error: event.reason, message: '未处理的 Promise 拒绝' });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  const uninstall = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    installed = null;
  };
  installed = { report, uninstall };
  return uninstall;
}

/** An error our code caught but wants on record (spec §3 type 'caught'), with what it was doing. */
export function reportCaughtError(error: unknown, metadata?: unknown): void {
  if (installed) installed.report({ kind: 'caught', error, metadata });
  else console.error(error);
}
