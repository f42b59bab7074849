import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

export type UpstreamResponse =
  | { kind: 'buffered'; status: number; headers: IncomingHttpHeaders; text: string }
  | { kind: 'stream'; status: number; headers: IncomingHttpHeaders; body: Readable };

/** What the browser side of a call looks like to it: the raw response, which closes. */
export interface ClientSide {
  readonly writableFinished: boolean;
  once(event: 'close', listener: () => void): unknown;
}

/** The upstream call was cancelled because the browser went away first. */
export class ClientGoneError extends Error {
  readonly code = 'UND_ERR_ABORTED';
  constructor() {
    super('client went away');
  }
}

export interface CallOptions {
  /** Whether an answer with this status and headers is read whole; otherwise it streams through. */
  buffer(status: number, headers: IncomingHttpHeaders): boolean;
  /** Closing it before its answer is complete aborts the upstream call. */
  client?: ClientSide;
}

/**
 * One upstream call through undici's dispatch API. Small answers are collected into one string;
 * anything else streams through with back-pressure. The browser going away aborts the call through
 * the dispatch controller: no AbortController and no body stream per request, which on the hot
 * path cost more than the signing does (bench/bff).
 */
export function dispatchCall(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  { buffer, client }: CallOptions,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | null = null;
    let gone = false;
    let settled = false;
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    let chunks: Buffer[] | null = null;
    let stream: Readable | null = null;
    let ended = false;

    client?.once('close', () => {
      if (client.writableFinished || ended) return;
      gone = true;
      controller?.abort(new ClientGoneError());
    });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (gone) c.abort(new ClientGoneError());
      },
      onResponseStart(c, statusCode, responseHeaders) {
        // 1xx informational answers come before the real one.
        if (statusCode < 200) return;
        status = statusCode;
        headers = responseHeaders;
        if (buffer(statusCode, responseHeaders)) {
          chunks = [];
          return;
        }
        stream = new Readable({
          read: () => c.resume(),
          destroy: (error, callback) => {
            // The consumer gave up (the browser went away mid-download): stop reading upstream.
            if (!ended) c.abort(error ?? new ClientGoneError());
            callback(error);
          },
        });
        settled = true;
        resolve({ kind: 'stream', status, headers, body: stream });
      },
      onResponseData(c, chunk) {
        if (chunks) chunks.push(chunk);
        else if (stream && !stream.push(chunk)) c.pause();
      },
      onResponseEnd() {
        ended = true;
        if (stream) {
          stream.push(null);
          return;
        }
        const body = chunks ?? [];
        const text = body.length === 1 ? body[0]!.toString('utf8') : Buffer.concat(body).toString('utf8');
        settled = true;
        resolve({ kind: 'buffered', status, headers, text });
      },
      onResponseError(_c, error) {
        ended = true;
        if (!settled) {
          settled = true;
          reject(error);
        } else if (stream && !stream.destroyed) {
          stream.destroy(error);
        }
      },
    };
    dispatcher.dispatch(options, handler);
  });
}
