import axios, { type AxiosError, type AxiosInstance } from 'axios';
import {
  SUCCESS_STATUS,
  httpFailureMessage,
  nonJsonMessage,
  isEnvelope,
  type RouteDescriptor,
  type RouteInput,
  type RouteOutput,
} from '@checkup/api-contract';
import { ApiError } from './api-error';

export interface ApiClientHooks {
  /** A 401: the session is gone (spec §4). */
  onUnauthorized?: (error: ApiError) => void;
}

function toForm(input: object): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => form.append(key, String(v)));
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

/**
 * The one place for request and response rules (STYLE §5): form-encoded bodies, credentials,
 * the envelope unwrapped and parsed with the contract, every failure normalised to ApiError.
 * UI feedback is not done here; callers and hooks decide what to show.
 */
export function createApiClient(hooks: ApiClientHooks = {}, http: AxiosInstance = axios.create()) {
  http.defaults.withCredentials = true;
  http.defaults.timeout = 60_000;

  async function call<R extends RouteDescriptor>(
    descriptor: R,
    input: RouteInput<R> = {} as RouteInput<R>,
  ): Promise<RouteOutput<R>> {
    const url = descriptor.path;
    let body: unknown;
    try {
      const res =
        descriptor.method === 'GET'
          ? await http.get(url, { params: input, responseType: 'json' })
          : await http.post(url, toForm(input as object), {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              responseType: 'json',
            });
      body = res.data;
    } catch (err) {
      const response = (err as AxiosError).response;
      if (!response) throw new ApiError(0, '网络连接失败，请稍后再试', url);
      if (!isEnvelope(response.data)) {
        throw new ApiError(response.status, httpFailureMessage(response.status, url), url);
      }
      body = response.data;
    }
    if (!isEnvelope(body)) throw new ApiError(0, nonJsonMessage(url), url);
    if (body.status !== SUCCESS_STATUS) {
      const error = new ApiError(body.status, body.msg, url);
      if (body.status === 401) hooks.onUnauthorized?.(error);
      throw error;
    }
    const parsed = descriptor.output.safeParse(body.data);
    if (!parsed.success) throw new ApiError(0, `接口返回的数据格式不正确，异常请求：${url}`, url);
    return parsed.data as RouteOutput<R>;
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
