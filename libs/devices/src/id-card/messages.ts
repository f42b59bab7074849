import { ID_NUMBER_ERROR } from '@checkup/api-contract';

/** Every way a read can end without a card, with the Chinese the staff see (spec §5, §8). */
export const ID_CARD_MESSAGES = {
  param_missing: '请到 系统设置 > 参数设置 中设置身份证读取方式，否则无法读取身份证',
  param_network: '读取身份证参数设置时网络异常，请稍后重试',
  unreachable: '无法连接身份证读卡服务，请先打开读卡助手或读卡服务',
  /** Followed by the device's own message (retmsg). */
  device_error: '读卡错误，请检查读卡器连接',
  timeout: '读卡超时，未检测到身份证，请将身份证放在读卡器上后重新读取',
  no_response: '身份证读卡服务无响应，请重启读卡助手后重试',
  /** Followed by the HTTP status. */
  service_error: '身份证读卡服务异常，状态码：',
  malformed: '读卡服务返回的数据格式不正确，请检查读卡助手版本',
  bad_id_number: ID_NUMBER_ERROR,
  cancelled: '已取消读取身份证',
} as const;

export type IdCardErrorCode = keyof typeof ID_CARD_MESSAGES;
