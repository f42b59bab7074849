import type { IncomingMessage } from 'node:http';

const WELL_FORMED = /^[A-Za-z0-9-]{8,64}$/;

/** The BFF's request id is kept so logs line up across both servers; anything odd is replaced. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}
