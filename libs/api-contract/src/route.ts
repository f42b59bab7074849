import type { z } from 'zod';
import type { UploadRule } from './uploads.js';

export type HttpMethod = 'GET' | 'POST';

/** One endpoint, shared by the checkup server, the BFF and the web client (STYLE §1). */
export interface RouteDescriptor<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  /** GET: the query string; POST: the form-encoded body. */
  input: Input;
  /** The `data` of a successful envelope. */
  output: Output;
  /** Reachable without a session. */
  public?: boolean;
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
