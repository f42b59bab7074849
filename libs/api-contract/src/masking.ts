/**
 * Masking of personal data for screens and logs.
 * Spec §5: names are masked by keeping the first and last characters.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** An ID number keeps its region (first 6) and its last 4 characters. */
export function maskIdNumber(id: string): string {
  const value = id.trim();
  if (value.length <= 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** A phone number keeps its first 3 and last 4 digits. */
export function maskPhone(phone: string): string {
  const value = phone.trim();
  if (value.length <= 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
