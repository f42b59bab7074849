import { maskName } from '@checkup/api-contract';

/** Displays and call-outs: masked always (张*三); a confidential person by number only (no name at all). */
export const displayName = (name: string, specialFlag: string) => (specialFlag === '1' ? '' : maskName(name));
