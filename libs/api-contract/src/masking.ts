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

const ID_NUMBER = /(?<![\dA-Za-z])(\d{17}[\dXx]|\d{15})(?![\dA-Za-z])/g;
const MOBILE = /(?<!\d)(1[3-9]\d{9})(?!\d)/g;
// "cust_name":"张三", "user_name": "李四", "name":"王五" inside JSON text.
const NAME_FIELD = /("(?:[A-Za-z]+_)?name"\s*:\s*")((?:[^"\\]|\\.)*)(")/g;

/** Names, ID numbers and phone numbers in free text (a log line, a URL) masked before it is written. */
export function maskPersonalText(text: string): string {
  return text
    .replace(NAME_FIELD, (_m, open: string, name: string, close: string) => `${open}${maskName(name)}${close}`)
    .replace(ID_NUMBER, (id: string) => maskIdNumber(id))
    .replace(MOBILE, (phone: string) => maskPhone(phone));
}

/** A request URL for a log line: name parameters masked, ID and phone numbers masked anywhere. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return maskPersonalText(url);
  const pairs = [...new URLSearchParams(url.slice(q + 1))].map(([key, value]): [string, string] => [
    key,
    /name$/i.test(key) ? maskName(value) : maskPersonalText(value),
  ]);
  return `${maskPersonalText(url.slice(0, q))}?${new URLSearchParams(pairs).toString()}`;
}

/** What a server's request log line shows of a request: no names or ID numbers from its URL. */
export function maskedRequestLog(req: { id: string; method: string; url: string; ip?: string }) {
  return { id: req.id, method: req.method, url: maskUrl(req.url), remoteAddress: req.ip };
}
