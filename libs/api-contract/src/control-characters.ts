/**
 * Control characters in incoming fields (issue 17 §2). Free text may hold tabs and line breaks (a
 * CR only before its LF); no field may hold any other C0 control: PostgreSQL refuses NUL outright,
 * and the rest only corrupt what is stored, printed and logged.
 */
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const FIRST_PRINTABLE = 0x20;

export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= FIRST_PRINTABLE || code === TAB || code === LF) continue;
    if (code === CR && text.charCodeAt(i + 1) === LF) continue;
    return true;
  }
  return false;
}

/** A single-line field (an id, a date, a search key) takes no tab or line break either. */
export function hasLineControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) < FIRST_PRINTABLE) return true;
  return false;
}

/**
 * Whether a query string, a form or a parsed JSON value holds a control character that no field
 * may hold, in a value or in a name, at any depth.
 */
export function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacter(value);
  if (Array.isArray(value)) return value.some(holdsControlCharacter);
  // A file's bytes are not text.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(([name, field]) => hasControlCharacter(name) || holdsControlCharacter(field));
}
