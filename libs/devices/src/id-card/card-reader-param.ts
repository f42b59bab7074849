import { cardReaderParamSchema, type CardReaderParam } from '@checkup/api-contract';
import { deviceError, deviceOk, type DeviceResult } from '../result.js';
import { isRecord } from '../transport/http.js';
import { ID_CARD_MESSAGES } from './messages.js';

/** spec §9: the local-storage key of the cached parameter 0110. */
export const PARAMETER_0110_STORAGE_KEY = 'parameter_0110';

/**
 * Loads parameter 0110 (GET /manager/api/Commonconfig/get_parameter?param_code=0110). The web passes
 * its own API call: libs/devices makes no business calls. It may resolve to param_value (object or
 * JSON text) or to the whole { param_code, param_value } record; empty when the parameter is not set.
 */
export type CardReaderParamLoader = () => Promise<unknown>;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where there is none or it is refused (private mode, node). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** The card-reader configuration in a parameter value, or null when it is missing or incomplete. */
export function parseCardReaderParam(value: unknown): CardReaderParam | null {
  let raw = parseJsonText(value);
  if (isRecord(raw) && 'param_value' in raw) raw = parseJsonText(raw.param_value);
  const parsed = cardReaderParamSchema.safeParse(raw);
  return parsed.success && readerBaseUrl(parsed.data) !== null ? parsed.data : null;
}

/** The reader's base address: the exe option when checked, else the local one; always ends with '/'. */
export function readerBaseUrl(param: CardReaderParam): string | null {
  const { exe, local } = param.cardReaderCfg;
  const chosen = exe.checked ? exe.value : local.checked ? local.value : '';
  const address = chosen.trim();
  if (!/^https?:\/\/\S+$/i.test(address)) return null;
  return address.endsWith('/') ? address : `${address}/`;
}

export type CardReaderParamError = 'param_missing' | 'param_network';

/**
 * spec §7: the answer for 0110 is cached in local storage as parameter_0110. The server's answer wins;
 * the cache is used only when the server cannot be reached.
 */
export async function loadCardReaderParam(
  load: CardReaderParamLoader,
  storage: KeyValueStorage | null,
): Promise<DeviceResult<CardReaderParam, CardReaderParamError>> {
  let value: unknown;
  try {
    value = await load();
  } catch {
    const cached = parseCardReaderParam(storage?.getItem(PARAMETER_0110_STORAGE_KEY) ?? null);
    return cached ? deviceOk(cached) : deviceError('param_network', ID_CARD_MESSAGES.param_network);
  }
  const param = parseCardReaderParam(value);
  if (!param) {
    storage?.removeItem(PARAMETER_0110_STORAGE_KEY);
    return deviceError('param_missing', ID_CARD_MESSAGES.param_missing);
  }
  storage?.setItem(PARAMETER_0110_STORAGE_KEY, JSON.stringify(param));
  return deviceOk(param);
}
