import type { Content } from 'pdfmake/interfaces';
import type { BarcodeField, BarcodeLayout } from '@checkup/api-contract';
import { code128 } from '../../lib/pdf.js';

/** 1 mm in PDF points. */
export const MM = 72 / 25.4;

/**
 * One barcode label as the barcode template lays it out: its size, the fields above and below the
 * bars in the template's order, and whether the code's digits print.
 */
export async function barcodeLabel(
  layout: BarcodeLayout,
  code: string,
  values: Partial<Record<BarcodeField, string>>,
): Promise<{ width: number; height: number; stack: Content[] }> {
  const line = (position: 'top' | 'bottom'): Content[] => {
    const text = layout.fields
      .filter((f) => f.position === position && values[f.field])
      .map((f) => values[f.field])
      .join('  ');
    return text ? [{ text, fontSize: layout.font_size, bold: position === 'top' }] : [];
  };
  const width = layout.width_mm * MM;
  const height = layout.height_mm * MM;
  const top = line('top');
  const bottom = line('bottom');
  // The bars take what the text lines leave of the label.
  const textHeight = (top.length + bottom.length) * (layout.font_size + 3);
  const image = await code128(code, layout.show_code_text);
  return {
    width,
    height,
    stack: [...top, { image, fit: [width - 8, Math.max(height - textHeight - 8, 12)] }, ...bottom],
  };
}
