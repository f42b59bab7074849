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

// A key that holds a person's name: name, cust_name, user_name, custName, userName …
const NAME_KEY = String.raw`(?:[A-Za-z]+_)?name|[a-z][A-Za-z]*Name`;
// … but not these, which name a thing: the front-end log's own fields (web lib/front-log).
const THING_NAME_KEYS = new Set(['errorName', 'fileName', 'functionName', 'methodName', 'className', 'tagName']);
// "cust_name":"张三", 'userName': '李四' inside JSON or script text.
const QUOTED_NAME = new RegExp(String.raw`(["'])(${NAME_KEY})\1(\s*:\s*)(["'])((?:\\.|(?!\4)[^\\])*)\4`, 'g');
// cust_name=张三 in a query string, a form body or a sentence.
const PAIRED_NAME = new RegExp(String.raw`(?<![\w-])(${NAME_KEY})=([^&\s"',;]*)`, 'g');
// 姓名：张三, 姓名: 张三, 姓名=张三 in Chinese text.
const LABELLED_NAME = /(姓名\s*[:：=]\s*)([^\s,，;；。、:："'&|/\\()（）[\]{}<>]+)/g;
// Anything after password= or pwd= (a key "password": "…" too), up to the end of its pair or string.
const PASSWORD = /(["']?\b(?:password|passwd|pwd)["']?\s*[=:]\s*["']?)((?:\\.|[^&"'\r\n\\])*)/gi;

/** A name as a pair carries it: percent-encoded stays encoded, plain stays plain. */
function maskPairedValue(value: string): string {
  if (!value.includes('%')) return maskName(value);
  try {
    return encodeURIComponent(maskName(decodeURIComponent(value)));
  } catch {
    return maskName(value);
  }
}

/**
 * Names, ID numbers, phone numbers and passwords in free text (a log line, a URL, a front-end log
 * entry) masked before it is written.
 */
export function maskPersonalText(text: string): string {
  return text
    .replace(PASSWORD, (_m, lead: string) => `${lead}***`)
    .replace(QUOTED_NAME, (whole, quote: string, key: string, colon: string, open: string, name: string) =>
      THING_NAME_KEYS.has(key) ? whole : `${quote}${key}${quote}${colon}${open}${maskName(name)}${open}`,
    )
    .replace(PAIRED_NAME, (whole, key: string, value: string) =>
      THING_NAME_KEYS.has(key) ? whole : `${key}=${maskPairedValue(value)}`,
    )
    .replace(LABELLED_NAME, (_m, label: string, name: string) => `${label}${maskName(name)}`)
    .replace(ID_NUMBER, (id: string) => maskIdNumber(id))
    .replace(MOBILE, (phone: string) => maskPhone(phone));
}

/** A request URL for a log line: name parameters masked, ID and phone numbers masked anywhere. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return maskPersonalText(url);
  const pairs = [...new URLSearchParams(url.slice(q + 1))].map(([key, value]): [string, string] => [
    key,
    /name$/i.test(key) ? maskName(value) : /^(password|passwd|pwd)$/i.test(key) ? '***' : maskPersonalText(value),
  ]);
  return `${maskPersonalText(url.slice(0, q))}?${new URLSearchParams(pairs).toString()}`;
}

/** What a server's request log line shows of a request: no names or ID numbers from its URL. */
export function maskedRequestLog(req: { id?: string; method?: string; url?: string; ip?: string }) {
  return {
    id: req.id,
    method: req.method,
    url: req.url === undefined ? undefined : maskUrl(req.url),
    remoteAddress: req.ip,
  };
}
