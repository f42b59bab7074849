import { IdCardReader } from '@checkup/devices';
import { getCardReaderSettings } from '../../lib/workstation/print-config';
import { storedWorkstationId } from '../../lib/workstation/workstation-id';

/**
 * The kiosk's ID-card reader. Nobody signs in here, so the reader settings come from the one public
 * call that answers them (0110 with this kiosk workstation's own reader address, 打印配置), read
 * afresh for every card: a change in 参数设置 reaches the kiosk at its next read. Nothing is cached.
 */
export function createKioskReader(): IdCardReader {
  return new IdCardReader({ loadParameter: () => getCardReaderSettings(storedWorkstationId()), storage: null });
}
