/** Local helper ports on a staff PC (spec §9). */
export const DEVICE_PORTS = {
  printService: [8000, 18000],
  printHelper: 7832,
  conversionService: 5080,
  fingerprintSocket: 21187,
  helper: 5300,
  websocket: 9504,
} as const;

/** ID-card polling (spec §9): every 500 ms, 120 s by default. */
export const ID_CARD_POLL_INTERVAL_MS = 500;
export const ID_CARD_POLL_LIMIT_MS = 120_000;
