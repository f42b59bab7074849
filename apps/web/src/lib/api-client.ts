import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import {
  IDEMPOTENCY_KEY_HEADER,
  SIGNALS,
  SIGNAL_HEADER,
  SUCCESS_STATUS,
  UPLOAD_FILE_FIELD,
  httpFailureMessage,
  nonJsonMessage,
  isEnvelope,
  type RouteDescriptor,
  type RouteInput,
  type RouteOutput,
  type Signal,
  writesState,
} from '@checkup/api-contract';
import { ApiError } from './api-error';
import { createSubmissionKeys, type SubmissionKeys } from './submission-keys';

export interface ApiClientHooks {
  /**
   * What the BFF says about an answer besides its envelope (spec §4: 401 relogin, 402 external
   * import, 非法访问 login, maintenance), whatever call it was. The shell decides where to go.
   */
  onSignal?: (signal: Signal) => void;
  /**
   * A call was refused (403): the account's roles may have changed since its menu was read (issue 21,
   * a change counts at the next call), so the shell reads them again.
   */
  onForbidden?: () => void;
}

const KNOWN_SIGNALS = new Set<string>(Object.values(SIGNALS));

function signalOf(headers: unknown): Signal | null {
  const value = (headers as Record<string, unknown> | undefined)?.[SIGNAL_HEADER];
  return typeof value === 'string' && KNOWN_SIGNALS.has(value) ? (value as Signal) : null;
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
 * The one place for request and response rules (STYLE §5): form-encoded bodies with an
 * Idempotency-Key per submitted form, credentials, the envelope unwrapped and parsed with the
 * contract, every failure normalised to ApiError. UI feedback is not done here; callers and hooks
 * decide what to show.
 */
export function createApiClient(
  hooks: ApiClientHooks = {},
  http: AxiosInstance = axios.create(),
  submissions: SubmissionKeys = createSubmissionKeys(),
) {
  http.defaults.withCredentials = true;
  http.defaults.timeout = 60_000;

  /** Sends one request and answers its data: the envelope unwrapped and parsed, or an ApiError. */
  async function exchange<R extends RouteDescriptor>(
    descriptor: R,
    send: () => Promise<AxiosResponse>,
  ): Promise<RouteOutput<R>> {
    const url = descriptor.path;
    let body: unknown;
    let httpStatus: number;
    let signal: Signal | null;
    try {
      const res = await send();
      body = res.data;
      httpStatus = res.status;
      signal = signalOf(res.headers);
    } catch (err) {
      const response = (err as AxiosError).response;
      if (!response) throw new ApiError(0, '网络连接失败，请稍后再试', url);
      body = response.data;
      httpStatus = response.status;
      signal = signalOf(response.headers) ?? (response.status === 401 ? SIGNALS.relogin : null);
    }
    if (signal) hooks.onSignal?.(signal);
    if (!isEnvelope(body)) {
      if (httpStatus >= 400) throw new ApiError(httpStatus, httpFailureMessage(httpStatus, url), url);
      throw new ApiError(0, nonJsonMessage(url), url);
    }
    if (body.status === 403) hooks.onForbidden?.();
    if (body.status !== SUCCESS_STATUS) throw new ApiError(body.status, body.msg, url);
    const parsed = descriptor.output.safeParse(body.data);
    if (!parsed.success) throw new ApiError(0, `接口返回的数据格式不正确，异常请求：${url}`, url);
    return parsed.data as RouteOutput<R>;
  }

  /** A state-changing request with its submission's key, which is spent once it succeeds. */
  async function submit<R extends RouteDescriptor>(
    descriptor: R,
    submission: string,
    send: (headers: Record<string, string>) => Promise<AxiosResponse>,
  ): Promise<RouteOutput<R>> {
    const key = submissions.keyFor(descriptor.path, submission);
    const data = await exchange(descriptor, () => send({ [IDEMPOTENCY_KEY_HEADER]: key }));
    submissions.answered(descriptor.path, submission);
    return data;
  }

  async function call<R extends RouteDescriptor>(
    descriptor: R,
    input: RouteInput<R> = {} as RouteInput<R>,
  ): Promise<RouteOutput<R>> {
    const url = descriptor.path;
    if (!writesState(descriptor)) {
      return exchange(descriptor, () => http.get(url, { params: input, responseType: 'json' }));
    }
    const form = toForm(input as object);
    // A GET that changes state (spec §7's two department sign calls) is a submission like a POST.
    if (descriptor.method === 'GET') {
      return submit(descriptor, form, (headers) => http.get(url, { params: input, headers, responseType: 'json' }));
    }
    return submit(descriptor, form, (headers) =>
      http.post(url, form, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        responseType: 'json',
      }),
    );
  }

  /**
   * An upload call (the contract's one multipart path): its input in the query string, the file as
   * the body's one part. The same file sent again for the same record is the same submission.
   */
  async function upload<R extends RouteDescriptor>(
    descriptor: R,
    input: RouteInput<R>,
    file: File,
    onProgress?: (percent: number) => void,
  ) {
    const query = toForm(input as object);
    const data = new FormData();
    data.append(UPLOAD_FILE_FIELD, file, file.name);
    const submission = `${query}\n${file.name}\n${file.size}\n${file.lastModified}`;
    return submit(descriptor, submission, (headers) =>
      http.post(`${descriptor.path}?${query}`, data, {
        headers,
        responseType: 'json',
        onUploadProgress: (e) => onProgress?.(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      }),
    );
  }

  /**
   * A file a GET answers (an .xlsx export, an error report): its bytes, or the envelope's refusal as an
   * ApiError. `onProgress` hears the bytes received (a streamed export has no length up front).
   */
  async function download<R extends RouteDescriptor>(
    descriptor: R,
    input: RouteInput<R> = {} as RouteInput<R>,
    onProgress?: (received: number) => void,
  ): Promise<Blob> {
    const url = descriptor.path;
    let res: AxiosResponse<Blob>;
    try {
      res = await http.get<Blob>(url, {
        params: input,
        responseType: 'blob',
        timeout: 0,
        onDownloadProgress: (e) => onProgress?.(e.loaded),
      });
    } catch (err) {
      const response = (err as AxiosError<Blob>).response;
      if (!response) throw new ApiError(0, '网络连接失败，请稍后再试', url);
      res = response;
    }
    const type = String(res.headers['content-type'] ?? '');
    if (res.status < 400 && !type.startsWith('application/json')) return res.data;
    // A refusal comes as the usual envelope, read from the blob.
    const text = typeof res.data?.text === 'function' ? await res.data.text() : '';
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, httpFailureMessage(res.status, url), url);
    }
    if (isEnvelope(body)) throw new ApiError(body.status, body.msg, url);
    throw new ApiError(0, nonJsonMessage(url), url);
  }

  return { call, upload, download };
}

export type ApiClient = ReturnType<typeof createApiClient>;
