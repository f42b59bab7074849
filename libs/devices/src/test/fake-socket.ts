import type { WebSocketFactory, WebSocketLike } from '../transport/web-socket.js';

/** A WebSocket whose far end the test plays: accept, refuse, send device messages, drop. */
export class FakeSocket implements WebSocketLike {
  readyState: 0 | 1 | 2 | 3 = 0;
  readonly sent: unknown[] = [];
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }

  accept(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  refuse(): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new Event('close') as CloseEvent);
  }

  /** A device message: an object is sent as JSON, a string as it is. */
  device(message: Record<string, unknown> | string): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  drop(): void {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
}

export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const createSocket: WebSocketFactory = (url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  return { sockets, createSocket, last: () => sockets[sockets.length - 1]! };
}
