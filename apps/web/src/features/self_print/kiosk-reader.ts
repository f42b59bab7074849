import { DEFAULT_CARD_READER_PARAM } from '@checkup/api-contract';
import { IdCardReader } from '@checkup/devices';

/**
 * The kiosk's ID-card reader. Nobody is logged in, so parameter 0110 cannot be read: the reader
 * helper on the kiosk PC itself is used (DEFAULT_CARD_READER_PARAM), and nothing is cached.
 */
export function createKioskReader(): IdCardReader {
  return new IdCardReader({ loadParameter: () => Promise.resolve(DEFAULT_CARD_READER_PARAM), storage: null });
}
