import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

/** Noto Sans CJK (Debian fonts-noto-cjk); a .ttc is opened by the PostScript name of its Simplified Chinese face. */
const FONT_DIR = '/usr/share/fonts/opentype/noto';

// The faces' names in pdfmake's in-memory file system.
const REGULAR = 'NotoSansCJK-Regular.ttc';
const BOLD = 'NotoSansCJK-Bold.ttc';
let fontsRead = false;

/**
 * pdfkit parses a face anew for every document (fontkit.create, then the collection's getFont), and
 * with it its glyph and layout tables: for the CJK faces that was most of a report's time (issue 20
 * bench). Each face of a collection is kept once parsed and given to every document, which still
 * makes its own subset of the glyphs it uses. fontkit exports no hook for it, so the collection's
 * getFont is wrapped, found from a collection it opens.
 */
function keepParsedFaces(collection: Buffer) {
  const requireFromPdfkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'));
  const fontkit = requireFromPdfkit('fontkit') as { create(bytes: Uint8Array): object };
  type Collection = { stream: { buffer: Uint8Array }; getFont(name: string): unknown };
  const proto = Object.getPrototypeOf(fontkit.create(collection)) as Collection & { keepsFaces?: true };
  if (proto.keepsFaces) return;
  const getFont = proto.getFont;
  const faces = new WeakMap<Uint8Array, Map<string, unknown>>();
  proto.getFont = function (this: Collection, name: string) {
    let kept = faces.get(this.stream.buffer);
    if (!kept) faces.set(this.stream.buffer, (kept = new Map()));
    if (!kept.has(name)) kept.set(name, getFont.call(this, name));
    return kept.get(name);
  };
  proto.keepsFaces = true;
}

function loadedFonts(): TFontDictionary {
  if (!fontsRead) {
    const vfs = (pdfmake as unknown as { virtualfs: { writeFileSync(name: string, data: Buffer): void } }).virtualfs;
    const regular = readFileSync(`${FONT_DIR}/${REGULAR}`);
    vfs.writeFileSync(REGULAR, regular);
    vfs.writeFileSync(BOLD, readFileSync(`${FONT_DIR}/${BOLD}`));
    keepParsedFaces(regular);
    fontsRead = true;
  }
  // pdfmake passes the array on to pdfkit's font(src, family) (its types know a single source), and
  // puts the file's bytes in place of its name in that array: a fresh one for each document.
  return {
    NotoSansCJK: { normal: [REGULAR, 'NotoSansCJKsc-Regular'], bold: [BOLD, 'NotoSansCJKsc-Bold'] },
  } as unknown as TFontDictionary;
}

/** The font every document of ours is set in; pass it as defaultStyle.font. */
export const PDF_FONT = 'NotoSansCJK';

/** 1 cm in PDF points (72 per inch). */
export const CM = 72 / 2.54;

/** A CODE128 barcode with its text underneath (unless a label leaves it out), as a PNG data URL for pdfmake's image. */
export async function code128(text: string, includeText = true): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 10,
    includetext: includeText,
    textxalign: 'center',
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Lays out a document in Noto Sans CJK; only the font files are read, and nothing is fetched from the network. */
export function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  pdfmake.setFonts(loadedFonts());
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(`${FONT_DIR}/`));
  pdfmake.setUrlAccessPolicy(() => false);
  return pdfmake.createPdf(doc).getBuffer();
}

/** content-disposition for a Chinese file name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function pdfDisposition(asciiName: string, chineseName: string, kind: 'attachment' | 'inline' = 'attachment') {
  return `${kind}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(chineseName)}`;
}
