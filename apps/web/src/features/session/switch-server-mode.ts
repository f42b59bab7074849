import {
  SWITCHABLE_SERVICE_TYPES,
  alreadyActiveMessage,
  routeOf,
  type SwitchableServiceType,
} from '@checkup/api-contract';

/**
 * localStorage key of the report id the external (eim) screens opened last. It belongs to the
 * external server, so a mode switch clears it (spec §4).
 */
export const LAST_EXTERNAL_REPORT_ID_KEY = 'last_external_report_id';

/** What a switch does to the world, passed in so the sequence can be tested without a browser. */
export interface ServerModeEffects {
  /** service_type of commondata/version (0 outer import only, 1, 2), when known. */
  activeType: number | undefined;
  warn(text: string): void;
  fail(text: string): void;
  confirm(title: string, content: string): Promise<boolean>;
  removeExternalTabs(): void;
  clearLastExternalReportId(): void;
  postServiceType(type: SwitchableServiceType): Promise<unknown>;
  reload(): void;
}

export type SwitchOutcome = 'already-active' | 'cancelled' | 'failed' | 'switched';

/** The tabs left once the external inspection (eim) screens are closed. */
export const withoutExternalTabs = <T extends { path: string }>(tabs: T[]): T[] =>
  tabs.filter((tab) => routeOf(tab.path)?.area !== 'eim');

/**
 * Spec §4 server mode: the active mode is only warned about (the server's own wording, §8); any
 * other needs two confirmations, then the external tabs and the last external report id go, the
 * type is posted and the page reloads so menus and screens follow the new mode.
 */
export async function switchServerMode(target: SwitchableServiceType, fx: ServerModeEffects): Promise<SwitchOutcome> {
  if (fx.activeType === target) {
    fx.warn(alreadyActiveMessage(target));
    return 'already-active';
  }
  const name = SWITCHABLE_SERVICE_TYPES[target];
  if (!(await fx.confirm('切换服务模式', `确定要切换到${name}吗？`))) return 'cancelled';
  const again = `切换后将关闭外检页面并重新加载系统，请再次确认切换到${name}。`;
  if (!(await fx.confirm('再次确认', again))) return 'cancelled';
  fx.removeExternalTabs();
  fx.clearLastExternalReportId();
  try {
    await fx.postServiceType(target);
  } catch (error) {
    fx.fail(error instanceof Error && error.message ? error.message : '切换服务模式失败，请稍后再试');
    return 'failed';
  }
  fx.reload();
  return 'switched';
}
