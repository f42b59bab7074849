/** Column widths a user dragged, per table (spec §2.3; key from spec §9: `table-widths-{key}`). */
export type ColumnWidths = Record<string, number>;

export function columnWidthsStorageKey(tableKey: string): string {
  return `table-widths-${tableKey}`;
}

/** Reads the saved widths; anything unreadable is ignored so a corrupt entry never breaks the table. */
export function loadColumnWidths(tableKey: string): ColumnWidths {
  let parsed: unknown;
  try {
    const raw = window.localStorage.getItem(columnWidthsStorageKey(tableKey));
    if (!raw) return {};
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]) && entry[1] > 0,
    ),
  );
}

export function saveColumnWidths(tableKey: string, widths: ColumnWidths): void {
  try {
    window.localStorage.setItem(columnWidthsStorageKey(tableKey), JSON.stringify(widths));
  } catch {
    // Storage full or disabled: the widths simply are not remembered.
  }
}
