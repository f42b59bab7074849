/** The centre works in China Standard Time (+08:00), whatever the machine's time zone is. */
export const CST_OFFSET_MS = 8 * 3_600_000;

/** The hospital's calendar day, YYYY-MM-DD: "today" for worklists, queues, statistics and the seed. */
export function todayCst(now: Date = new Date()): string {
  return new Date(now.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}
