import type { z } from 'zod';
import type { MenuKey } from './route-table/route-table.js';
import { mayUse } from './route-table/route-table.js';
import type { UploadRule } from './uploads.js';

export type HttpMethod = 'GET' | 'POST';

/**
 * A screen's menu key, or a button-level permission the screen declares (`exam_mg/order_mg_detail:change_status`,
 * see RouteSpec.actions): what a role must hold to make a call.
 */
export type AccessKey = MenuKey | `${MenuKey}:${string}`;

/**
 * Who may make a call (issue 17 §1): anyone (`public`); any signed-in account (`signed-in`, only for
 * what every screen needs: version, own user info, simple lists, parameters); or an account whose
 * role opens one of these screens or holds one of these permissions.
 */
export type Access = 'public' | 'signed-in' | readonly [AccessKey, ...AccessKey[]];

/** One endpoint, shared by the checkup server, the BFF and the web client (STYLE §1). */
export interface RouteDescriptor<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  /** GET: the query string; POST: the form-encoded body. */
  input: Input;
  /** The `data` of a successful envelope. */
  output: Output;
  /** Who may call it; required, so no endpoint exists without a decision. */
  access: Access;
  /**
   * The call changes state although it is a GET (spec §7 keeps the two department sign calls as
   * GETs): the gateway's cross-site check and the web's idempotency key apply to it as to a POST.
   */
  writes?: true;
  /** Largest body in bytes, refused with 413 past it on both servers; DEFAULT_BODY_LIMIT when absent. */
  bodyLimit?: number;
  /** A multipart upload (uploads.ts): the input is read from the query string, the file from the body. */
  upload?: UploadRule;
  /** The Chinese name of the call, shown in the API documentation. */
  summary: string;
}

export function route<Input extends z.ZodType, Output extends z.ZodType>(
  descriptor: RouteDescriptor<Input, Output>,
): RouteDescriptor<Input, Output> {
  return descriptor;
}

export type RouteInput<R extends RouteDescriptor> = z.input<R['input']>;
export type RouteOutput<R extends RouteDescriptor> = z.output<R['output']>;

/** Whether a call changes state: every POST, and the GETs that say so. */
export function writesState(descriptor: Pick<RouteDescriptor, 'method' | 'writes'>): boolean {
  return descriptor.method !== 'GET' || descriptor.writes === true;
}

export const isPublic = (descriptor: Pick<RouteDescriptor, 'access'>) => descriptor.access === 'public';

/**
 * Whether an account with this role_menu may make the call; the checkup server enforces it, the
 * gateway and the web read it to decide what to offer.
 */
export function mayCall(descriptor: Pick<RouteDescriptor, 'access'>, roleMenu: readonly string[]): boolean {
  const { access } = descriptor;
  if (access === 'public' || access === 'signed-in') return true;
  return access.some((key) => mayUse(key, roleMenu));
}
