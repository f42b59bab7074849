import type { Envelope } from './envelope.js';

/**
 * The one catalogue of error codes and their Chinese messages (spec §8).
 * `status` is both the envelope status and the HTTP status of the answer.
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, msg: '请求参数错误' },
  VALIDATION: { status: 400, msg: '请求参数校验失败' },
  CONTROL_CHARACTER: { status: 400, msg: '提交的内容含有不可见的控制字符，请删除后重试' },
  WRONG_CREDENTIALS: { status: 400, msg: '用户账号或密码错误' },
  ACCOUNT_DISABLED: { status: 403, msg: '账号已停用，请联系管理员' },
  PASSWORD_UNREADABLE: { status: 400, msg: '密码无法解密，请刷新页面后重试' },
  NOT_LOGGED_IN: { status: 401, msg: '登录信息已过期，请重新登录' },
  EXTERNAL_ONLY: { status: 402, msg: '当前为外检导入模式' },
  ILLEGAL_ACCESS: { status: 403, msg: '非法访问!' },
  FORBIDDEN: { status: 403, msg: '没有权限执行此操作，请联系管理员' },
  CONFIDENTIAL_DENIED: { status: 403, msg: '当前账号没有查看保密人员的权限！' },
  NOT_FOUND: { status: 404, msg: '请求的接口不存在' },
  PAYLOAD_TOO_LARGE: { status: 413, msg: '提交的内容过大' },
  URI_TOO_LONG: { status: 414, msg: '请求地址过长，请减少查询条件后重试' },
  HEADERS_TOO_LARGE: { status: 431, msg: '请求头过大，请清除本站的浏览器数据后重试' },
  REQUEST_TIMEOUT: { status: 408, msg: '请求超时，请稍后再试' },
  CSRF_REJECTED: { status: 403, msg: '请求来源校验失败，请刷新页面后重试' },
  KIOSK_FORBIDDEN: { status: 403, msg: '自助终端不允许此操作' },
  KIOSK_LOOKUP_LIMITED: { status: 429, msg: '查询次数过多，请到服务台咨询工作人员' },
  SHARE_OPEN_LIMITED: { status: 429, msg: '尝试次数过多，请稍后再试' },
  SHARE_CLOSED: { status: 410, msg: '分享链接已失效，请向体检中心索取新的链接' },
  SHARE_WRONG_CODE: { status: 400, msg: '提取码不正确' },
  SHARE_LOCKED: { status: 423, msg: '提取码错误次数过多，链接已锁定，请稍后再试' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, msg: '密码已被重置或为初始密码，请先修改密码' },
  ACCOUNT_LOCKED: { status: 423, msg: '登录失败次数过多，账号已锁定15分钟，请稍后再试' },
  SIGNATURE_INVALID: { status: 403, msg: '请求签名校验失败' },
  SIGNATURE_EXPIRED: { status: 403, msg: '请求已过期，请检查服务器时间' },
  NONCE_REUSED: { status: 403, msg: '重复的请求，已拒绝' },
  FIELD_UNREADABLE: { status: 400, msg: '加密字段无法解密' },
  SECURITY_CONFIG_UNAVAILABLE: { status: 503, msg: '无法读取服务端安全配置，请稍后再试' },
  SECURITY_KEY_MISSING: { status: 503, msg: '网关缺少接口签名密钥，请联系管理员' },
  MAINTENANCE: { status: 503, msg: '系统维护中，请稍后再试' },
  RECORD_NOT_FOUND: { status: 404, msg: '记录不存在或已被删除' },
  ILLEGAL_TRANSITION: { status: 409, msg: '当前状态不允许此操作' },
  RECORD_LOCKED: { status: 423, msg: '该记录正在被其他用户编辑' },
  CONFLICT: { status: 409, msg: '数据已被其他用户修改，请刷新后重试' },
  DUPLICATE_REQUEST: { status: 409, msg: 'please do not repeat the request' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, msg: '请求正在处理中，请勿重复提交' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, msg: '这次提交的内容与之前不同，请刷新页面后重新提交' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, msg: '请求的幂等键（Idempotency-Key）格式不正确' },
  TOO_MANY_REQUESTS: { status: 429, msg: '网络繁忙，请稍后再试' },
  UPSTREAM_UNAVAILABLE: { status: 502, msg: '网络连接失败，请稍后再试' },
  UPSTREAM_TIMEOUT: { status: 504, msg: '网络繁忙，请稍后再试' },
  INTERNAL: { status: 500, msg: '服务器内部错误，请稍后再试' },
  PERSONAL_DATA_UNREADABLE: {
    status: 500,
    msg: '身份证号或手机号无法解密：数据可能被改动，或数据密钥与数据库不符，请联系系统管理员',
  },
} as const satisfies Record<string, { status: number; msg: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Spec §5: the sub-department permission message, for a department the account does not belong to. */
export const DEPT_DENIED_MSG = '没有该科室（子科室）的权限，请联系管理员';

/** Spec §8: an answer that is not JSON. */
export const nonJsonMessage = (url: string) => `接口返回错误，不是一个json，异常请求：${url}`;

/** Spec §8: an HTTP failure without an envelope. */
export const httpFailureMessage = (code: number, url: string) => `网络服务异常，状态码${code},异常请求：${url}`;

/** A failure the servers raise on purpose; its message is safe to show to a user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, msg?: string) {
    super(msg ?? errorCatalogue[code].msg);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
  }
}

export function failure(code: ErrorCode, msg?: string): Envelope<null> {
  return { status: errorCatalogue[code].status, data: null, msg: msg ?? errorCatalogue[code].msg };
}

/**
 * How a server answers any thrown error: typed errors keep their msg, other 4xx become
 * BAD_REQUEST, everything else is a 500 without details (STYLE §3).
 */
export function errorToEnvelope(error: unknown): { status: number; envelope: Envelope<null>; unexpected: boolean } {
  if (error instanceof AppError) {
    return { status: error.status, envelope: failure(error.code, error.message), unexpected: false };
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (statusCode === 413) return { status: 413, envelope: failure('PAYLOAD_TOO_LARGE'), unexpected: false };
  if (statusCode === 429) return { status: 429, envelope: failure('TOO_MANY_REQUESTS'), unexpected: false };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: 400, envelope: failure('BAD_REQUEST'), unexpected: false };
  }
  return { status: 500, envelope: failure('INTERNAL'), unexpected: true };
}
