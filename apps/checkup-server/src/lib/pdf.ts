import bwipjs from 'bwip-js/node';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

/** Noto Sans CJK (Debian fonts-noto-cjk); a .ttc is opened by the PostScript name of its Simplified Chinese face. */
const FONT_DIR = '/usr/share/fonts/opentype/noto';
// pdfmake passes an array on to pdfkit's font(src, family); its types only know a single source.
const FONTS = {
  NotoSansCJK: {
    normal: [`${FONT_DIR}/NotoSansCJK-Regular.ttc`, 'NotoSansCJKsc-Regular'],
    bold: [`${FONT_DIR}/NotoSansCJK-Bold.ttc`, 'NotoSansCJKsc-Bold'],
  },
} as unknown as TFontDictionary;

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
  pdfmake.setFonts(FONTS);
  pdfmake.setLocalAccessPolicy((path) => path.startsWith(`${FONT_DIR}/`));
  pdfmake.setUrlAccessPolicy(() => false);
  return pdfmake.createPdf(doc).getBuffer();
}

/** content-disposition for a Chinese file name: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function pdfDisposition(asciiName: string, chineseName: string, kind: 'attachment' | 'inline' = 'attachment') {
  return `${kind}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(chineseName)}`;
}
