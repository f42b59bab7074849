import { eq } from 'drizzle-orm';
import {
  AppError,
  lowestRate,
  priceOrder,
  PRICING_MESSAGES,
  withinFloor,
  type DeskDiscount,
  type PriceLineInput,
  type PricingResult,
} from '@checkup/api-contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { PasswordKeys } from '../auth/keys.js';
import { DUMMY_HASH, verifyPassword } from '../auth/password.js';
import { getRegistrationSettings } from '../parameters/repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Priced = Extract<PricingResult, { ok: true }>;

/** Who registers, and the lowest price they may give (users.discount_floor, percent of the price). */
export interface DeskActor {
  userId: number;
  userAccount: string;
  discountFloor: number;
  ip?: string;
}

/** A leader's account and password (encrypted as at login) given in the clerk's dialog. */
export interface LeaderAsked {
  account?: string;
  password?: string;
}

export interface LeaderConfirmed {
  id: number;
  account: string;
  floor: number;
}

/**
 * A leader confirmation that failed. It is thrown out of the transaction, which rolls back, and the
 * route writes its audit row afterwards (a write beside an open transaction would wait on it).
 */
export class LeaderRefusal extends AppError {
  constructor(
    message: string,
    readonly audit: { action: string; detail: Record<string, unknown> },
  ) {
    super('VALIDATION', message);
  }
}

/** The lines priced by the contract's rules and parameter 0140; a refusal names what was wrong. */
export async function priceLines(
  tx: Tx,
  packageFen: number | null,
  lines: readonly PriceLineInput[],
  discount: DeskDiscount | undefined,
): Promise<Priced> {
  const { rounding } = await getRegistrationSettings(tx as unknown as Db);
  const priced = priceOrder({ packageFen, lines, discount, rounding });
  if (!priced.ok) throw new AppError('VALIDATION', priced.msg);
  return priced;
}

/**
 * A discount below the clerk's floor stands only when a leader confirms it on the spot: an active
 * account marked leader, with its own password, whose own floor allows the discount. Answers the
 * leader who confirmed, or null when the clerk's own floor was enough.
 */
export async function confirmFloor(
  tx: Tx,
  keys: PasswordKeys,
  actor: DeskActor,
  priced: Priced,
  leader: LeaderAsked,
): Promise<LeaderConfirmed | null> {
  if (withinFloor(priced, actor.discountFloor)) return null;
  if (!leader.account || !leader.password)
    throw new AppError('VALIDATION', PRICING_MESSAGES.belowFloor(actor.discountFloor));
  const rate = lowestRate(priced);
  const detail = { leader_account: leader.account, clerk_floor: actor.discountFloor, lowest_rate: rate };
  const [found] = await tx.select().from(users).where(eq(users.userAccount, leader.account)).limit(1);
  const password = keys.decrypt(leader.password);
  const matches = await verifyPassword(password ?? '', found?.passwordHash ?? DUMMY_HASH);
  if (!found || !matches || password === null) {
    throw new LeaderRefusal('领导账号或密码错误', { action: 'discount_leader_failed', detail });
  }
  if (!found.isLeader || found.status !== '1') {
    throw new LeaderRefusal(`账号「${found.userAccount}」不是领导，不能授权折扣`, {
      action: 'discount_leader_refused',
      detail: { ...detail, leader_id: found.id },
    });
  }
  const floor = Number(found.discountFloor);
  if (!withinFloor(priced, floor)) {
    throw new LeaderRefusal(PRICING_MESSAGES.leaderBelowFloor(found.userName, floor), {
      action: 'discount_leader_refused',
      detail: { ...detail, leader_id: found.id, leader_floor: floor },
    });
  }
  return { id: found.id, account: found.userAccount, floor };
}
