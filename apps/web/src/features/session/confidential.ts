import type { UserInfo } from '@checkup/api-contract';

/** Spec §5/§8: the refusal shown for a confidential person (保密人员). */
export const CONFIDENTIAL_DENIED_MESSAGE = '当前账号没有查看保密人员的权限！';

/** A person as screens hold one: special_flag '1' marks a confidential person. */
export interface PersonFlag {
  special_flag?: string | null;
}

/**
 * Spec §5: a user whose special_flag is not '1' may not view a person flagged special, nor one who
 * is absent (an unknown person may be a confidential one the server withheld). The server refuses
 * too (checkup-server people/confidential); this only spares the user a screen they cannot use.
 */
export function canViewPerson(
  user: Pick<UserInfo, 'special_flag'> | null | undefined,
  person: PersonFlag | null | undefined,
): boolean {
  if (user?.special_flag === '1') return true;
  return person != null && person.special_flag !== '1';
}
