/** The part of the browser WebSocket the fingerprint client uses. */
export type WebSocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onerror' | 'onclose'
>;

/** Opens a socket; `window.WebSocket` by default, a fake in tests, `ws` against the simulator in node. */
export type WebSocketFactory = (url: string) => WebSocketLike;

/** The browser's WebSocket, or null where it has none (spec §5: then the fingerprint status is 03). */
export function browserWebSocketFactory(): WebSocketFactory | null {
  const Socket = globalThis.WebSocket;
  return typeof Socket === 'function' ? (url) => new Socket(url) : null;
}

/** WebSocket.OPEN, without needing the global to exist. */
export const SOCKET_OPEN = 1;
