/**
 * The one multipart path for uploads (issue 17 §2): photos, signatures, spreadsheets and
 * attachments all travel as a multipart body with one part named `file`, their other fields in the
 * query string, so that access, Origin, size, signing and idempotency are checked as for any call.
 */
export const UPLOAD_FILE_FIELD = 'file';

/**
 * The SHA-256 (base64url) of a multipart body, which the gateway adds to the query it signs when
 * calls are signed (spec §7): a form's pairs are signed one by one, a file by its digest.
 */
export const BODY_DIGEST_PARAM = 'api_body_sha256';

/** What an upload call takes; its descriptor's input is read from the query string. */
export interface UploadRule {
  /** Largest file in bytes. */
  maxBytes: number;
  /** The media types taken, each checked against the file's own first bytes. */
  types: readonly UploadType[];
  /** How the refusal names what is taken, e.g. JPG 或 PNG 图片. */
  typesLabel: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const CSV_TYPE = 'text/csv';

export type UploadType = 'image/jpeg' | 'image/png' | 'application/pdf' | typeof XLSX_TYPE | typeof CSV_TYPE;

// The first bytes of each type: a file is what it is, whatever name or type the browser gave it.
const SIGNATURES: Record<Exclude<UploadType, typeof CSV_TYPE>, readonly number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  // %PDF-
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  // An .xlsx is a zip archive; exceljs refuses one that is not a workbook.
  [XLSX_TYPE]: [0x50, 0x4b, 0x03, 0x04],
};

// A .csv has no signature: text is a file whose first 4 KB hold no NUL byte (GBK and UTF-8 alike) and
// that is not one of the binary types.
const looksLikeText = (bytes: Uint8Array) =>
  bytes.length > 0 &&
  !bytes.subarray(0, 4096).includes(0) &&
  !Object.values(SIGNATURES).some((signature) => signature.every((byte, i) => bytes[i] === byte));

/** The type among `types` whose signature the file starts with, or null. */
export function sniffUploadType(bytes: Uint8Array, types: readonly UploadType[]): UploadType | null {
  return (
    types.find((type) =>
      type === CSV_TYPE ? looksLikeText(bytes) : SIGNATURES[type].every((byte, i) => bytes[i] === byte),
    ) ?? null
  );
}

/** A multipart body's limit: the file and room for its headers and boundary. */
export const uploadBodyLimit = (rule: UploadRule) => rule.maxBytes + 64 * 1024;
