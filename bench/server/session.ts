import { constants, publicEncrypt } from 'node:crypto';
import {
  DEMO_PASSWORD,
  envelopeSchema,
  loginRoute,
  publicKeyRoute,
  SUCCESS_STATUS,
  type RouteDescriptor,
  type RouteOutput,
} from '@checkup/api-contract';

/** A browser's session with the BFF: its origin and the session cookie (checkup_sid=...). */
export interface Session {
  origin: string;
  cookie: string;
}

const SESSION_COOKIE = 'checkup_sid';

/** The `data` of a successful answer, checked against the route's schema. */
async function dataOf<R extends RouteDescriptor>(route: R, res: Response): Promise<RouteOutput<R>> {
  const text = await res.text();
  const envelope = envelopeSchema(route.output).safeParse(JSON.parse(text));
  if (!res.ok || !envelope.success || envelope.data.status !== SUCCESS_STATUS) {
    throw new Error(`${route.method} ${route.path}: ${res.status} ${text.slice(0, 300)}`);
  }
  return envelope.data.data as RouteOutput<R>;
}

/** GET through the BFF, as the logged-in web client calls it. */
export async function getData<R extends RouteDescriptor>(
  session: Session,
  route: R,
  query: Record<string, string> = {},
): Promise<RouteOutput<R>> {
  const search = new URLSearchParams(query).toString();
  const res = await fetch(`${session.origin}${route.path}${search ? `?${search}` : ''}`, {
    headers: { accept: 'application/json', cookie: session.cookie },
  });
  return dataOf(route, res);
}

/**
 * Logs in as the login page does: the password RSA-encrypted (PKCS#1 v1.5, base64) with the
 * server's public key, a form body, and a same-origin Origin header for the BFF's CSRF check.
 */
export async function logIn(origin: string, account: string, password = DEMO_PASSWORD): Promise<Session> {
  const { public_key } = await dataOf(publicKeyRoute, await fetch(`${origin}${publicKeyRoute.path}`));
  const encrypted = publicEncrypt(
    { key: public_key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
  const res = await fetch(`${origin}${loginRoute.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ user_account: account, password: encrypted }).toString(),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  await dataOf(loginRoute, res);
  if (!cookie) throw new Error(`login as ${account}: no ${SESSION_COOKIE} cookie in the answer`);
  return { origin, cookie: cookie.split(';')[0]! };
}
