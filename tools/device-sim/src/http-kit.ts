import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Where a simulator listens; port 0 picks a free port (tests). */
export interface ListenOptions {
  port: number;
  host?: string;
}

export interface RunningHttp {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export type RouteHandler = (req: IncomingMessage, url: URL, res: ServerResponse) => void | Promise<void>;

export const DEFAULT_HOST = '127.0.0.1';

// The browser calls these helpers straight from the web page (spec §7), so every answer allows any
// origin, and the preflight also allows Chrome's Private Network Access (a LAN page calling 127.0.0.1).
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-private-network': 'true',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain'): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': `${type}; charset=utf-8` });
  res.end(text);
}

/** A JSON request body; an empty body is `{}`. Throws on anything that is not a JSON object. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('请求体应为 JSON 对象');
  return value as Record<string, unknown>;
}

function listen(server: Server, { port, host = DEFAULT_HOST }: ListenOptions, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      reject(new Error(err.code === 'EADDRINUSE' ? `${name}：端口 ${port} 已被占用` : `${name}：${err.message}`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/**
 * An HTTP simulator: CORS preflights are answered here, unknown paths get 404, a handler that throws
 * gets 400 with its message. `close()` also drops kept-alive and deliberately hung requests.
 */
export async function startHttp(name: string, options: ListenOptions, handle: RouteHandler): Promise<RunningHttp> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim.local');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS);
      res.end();
      return;
    }
    Promise.resolve(handle(req, url, res)).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 400, { status: false, msg: (err as Error).message });
    });
  });
  const port = await listen(server, options, name);
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function notFound(res: ServerResponse): void {
  sendJson(res, 404, { status: false, msg: '接口不存在' });
}
