/** The list with the entry at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The list with the entry at `index` changed. */
export const replaceAt = <T>(list: readonly T[], index: number, entry: T): T[] =>
  list.map((item, i) => (i === index ? entry : item));
