/**
 * Local helper ports on a staff PC (spec §9). The print service (8000, 18000), the Word control (7832)
 * and the conversion service (5080) are 打印配置's settings: DEFAULT_PRINT_SETTINGS in the contract.
 */
export const DEVICE_PORTS = {
  fingerprintSocket: 21187,
  helper: 5300,
  websocket: 9504,
} as const;

/** ID-card polling (spec §9): every 500 ms, 120 s by default. */
export const ID_CARD_POLL_INTERVAL_MS = 500;
export const ID_CARD_POLL_LIMIT_MS = 120_000;
