import { LOG_CONTENT_MAX_BYTES } from '@checkup/api-contract';

/** Spec §3 front-end log entry: caught by our code, or reaching the window uncaught. */
export type ErrorKind = 'caught' | 'uncaught';

export interface ErrorReport {
  kind: ErrorKind;
  error: unknown;
  /** The message when `error` carries none (an ErrorEvent's own message). */
  message?: string;
  metadata?: unknown;
  lineNumber?: number;
  columnNumber?: number;
  fileName?: string;
}

/** What the page knows about itself when the report is written; injected so tests can pin it. */
export interface PageFacts {
  version: string;
  releaseStage: string;
  now: Date;
  title: string;
  url: string;
  userAgent: string;
  screenHeight: number;
  screenWidth: number;
  referrer: string;
  /** 'top' for the application window, 'frame' when it runs inside another page (a preview dialog …). */
  pageLevel: 'top' | 'frame';
}

export function currentPageFacts(version: string): PageFacts {
  return {
    version,
    releaseStage: import.meta.env.MODE,
    now: new Date(),
    title: document.title,
    url: location.href,
    userAgent: navigator.userAgent,
    screenHeight: screen.height,
    screenWidth: screen.width,
    referrer: document.referrer,
    pageLevel: window.top === window ? 'top' : 'frame',
  };
}

export function messageOf(report: Pick<ErrorReport, 'error' | 'message'>): string {
  const { error } = report;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return report.message ?? String(error);
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

const OMITTED = '（过长，已省略）';

/**
 * log_content of add_log (spec §3, every field listed there), as JSON text. Keys are camelCase, as
 * error reporters name them; the BFF's personal-data filter (api-contract maskPersonalText) masks
 * every other key that ends in name or Name but leaves errorName and fileName. The server refuses more
 * than 16 KB: the page's own texts are capped, then a long stack and the metadata are cut until it fits.
 */
export function buildLogContent(report: ErrorReport, facts: PageFacts): string {
  const error = report.error instanceof Error ? report.error : null;
  let stacktrace = error?.stack ?? '';
  let metadata: unknown = report.metadata ?? null;
  for (;;) {
    const text = JSON.stringify({
      version: facts.version,
      message: messageOf(report).slice(0, 2000),
      metadata,
      errorName: error?.name ?? (report.kind === 'uncaught' ? 'UnhandledError' : 'Error'),
      releaseStage: facts.releaseStage,
      stacktrace,
      time: facts.now.toISOString(),
      title: facts.title.slice(0, 200),
      type: report.kind,
      url: facts.url.slice(0, 2000),
      client: {
        userAgent: facts.userAgent.slice(0, 500),
        screenHeight: facts.screenHeight,
        screenWidth: facts.screenWidth,
        referrer: facts.referrer.slice(0, 2000),
      },
      lineNumber: report.lineNumber ?? null,
      columnNumber: report.columnNumber ?? null,
      fileName: report.fileName?.slice(0, 500) ?? null,
      pageLevel: facts.pageLevel,
    });
    if (utf8Length(text) <= LOG_CONTENT_MAX_BYTES || (stacktrace === '' && metadata === OMITTED)) return text;
    if (stacktrace.length > 200) stacktrace = stacktrace.slice(0, Math.floor(stacktrace.length / 2));
    else if (metadata !== OMITTED) metadata = OMITTED;
    else stacktrace = '';
  }
}
