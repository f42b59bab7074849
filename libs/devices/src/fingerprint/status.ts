/**
 * spec §4 fingerprint status codes with what the staff see. 01–04 come from the client (the socket
 * itself); the others are the device's workmsg.
 */
export const FINGERPRINT_STATUS_TEXT = {
  '01': '指纹仪连接失败，请确认指纹服务已启动',
  '02': '指纹仪已就绪',
  '03': '当前浏览器不支持 WebSocket，无法使用指纹仪',
  '04': '指纹仪连接已关闭',
  '1': '正在打开指纹仪，请稍候',
  '2': '请按手指',
  '21': '请再次按手指',
  '3': '请抬起手指',
  '51': '指纹采集成功',
  '50': '指纹采集失败，请重试',
  '61': '指纹注册成功',
  '60': '指纹注册失败，请重试',
  '8': '操作超时，请重试',
  '9': '指纹比对完成',
  '151': '指纹仪已重新连接',
  '150': '指纹仪重连失败，请检查设备连接',
} as const;

export type FingerprintStatusCode = keyof typeof FINGERPRINT_STATUS_TEXT;

export interface FingerprintStatus {
  code: FingerprintStatusCode;
  text: string;
  /** The finger image the device sent with this message (base64), if any. */
  image?: string;
}

export const isFingerprintStatusCode = (code: string): code is FingerprintStatusCode =>
  Object.hasOwn(FINGERPRINT_STATUS_TEXT, code);

export const fingerprintStatus = (code: FingerprintStatusCode, image?: string): FingerprintStatus =>
  image ? { code, text: FINGERPRINT_STATUS_TEXT[code], image } : { code, text: FINGERPRINT_STATUS_TEXT[code] };

/** Errors of a fingerprint operation, each with its Chinese message. */
export const FINGERPRINT_MESSAGES = {
  unsupported: FINGERPRINT_STATUS_TEXT['03'],
  connect_failed: FINGERPRINT_STATUS_TEXT['01'],
  closed: '指纹仪连接已关闭，请检查指纹服务后重试',
  capture_failed: FINGERPRINT_STATUS_TEXT['50'],
  enrol_failed: FINGERPRINT_STATUS_TEXT['60'],
  timeout: FINGERPRINT_STATUS_TEXT['8'],
  reconnect_failed: FINGERPRINT_STATUS_TEXT['150'],
  malformed: '指纹仪返回的数据格式不正确，请重试',
  busy: '指纹仪正在工作，请稍候',
  cancelled: '已取消指纹操作',
} as const;

export type FingerprintErrorCode = keyof typeof FINGERPRINT_MESSAGES;

/** The result line of a comparison (spec §4: success when the score reaches the threshold). */
export const matchText = (score: number, threshold: number) =>
  score >= threshold
    ? `指纹比对成功（相似度 ${score}，阈值 ${threshold}）`
    : `指纹比对失败（相似度 ${score}，低于阈值 ${threshold}）`;
