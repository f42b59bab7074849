import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request over a plain socket, as a browser's bytes reach the server: the request line and
 * headers as given, then the body (a write the server no longer reads is ignored). Answers the
 * response once it is complete; a connection dropped before any answer rejects.
 */
export function rawRequest(port: number, head: string, body: string | Buffer = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      const answer = parseAnswer(Buffer.concat(chunks));
      if (answer) {
        settled = true;
        socket.destroy();
        resolve(answer);
      } else if (error) {
        settled = true;
        socket.destroy();
        reject(error);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error(`connection closed without an answer: ${Buffer.concat(chunks)}`)));
    socket.write(head);
    if (body.length > 0) socket.write(body, () => undefined);
  });
}

function parseAnswer(bytes: Buffer): RawAnswer | null {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = bytes.subarray(end + 4);
  if (!Number.isFinite(length) || body.length < length) return null;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/** A GET request head with the given path and extra header lines. */
export const getHead = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

/** A POST request head for a form body of `length` bytes, from the same origin. */
export const postHead = (path: string, length: number, type = 'application/x-www-form-urlencoded') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
