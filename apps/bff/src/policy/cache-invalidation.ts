import { getParameterRoute, savePrintDefaultsRoute, saveParameterRoute } from '@checkup/api-contract';

/**
 * Calls whose success makes cached GET answers stale (issue 3 §4): the gateway drops those answers
 * at once rather than serving the old value until the TTL runs out.
 */
export const CACHE_INVALIDATED_BY: ReadonlyMap<string, readonly string[]> = new Map([
  // 参数设置: a saved parameter (0110 card reader, 0810 hospital …) is read again by every workstation.
  [saveParameterRoute.path, [getParameterRoute.path]],
  // 打印配置's defaults are parameter 0120.
  [savePrintDefaultsRoute.path, [getParameterRoute.path]],
]);
