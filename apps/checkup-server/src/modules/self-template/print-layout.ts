import type { Content, TableCell } from 'pdfmake/interfaces';
import { EXAMINEE_FIELDS, type DocumentLayout, type ExamineeField, type SectionBlock } from '@checkup/api-contract';

/**
 * What a document template changes in a printed PDF (issue 18 §2): the heading, the examinee fields
 * and the order and visibility of the blocks. Each document says how it prints its own sections.
 */
export type SectionPrinter = (section: SectionBlock) => Content[] | Promise<Content[]>;

export const sectionHeading = (title: string, extra: Partial<{ pageBreak: 'before' }> = {}): Content => ({
  text: title,
  style: 'section',
  ...extra,
});

/** The visible blocks in their order: a section as its document prints it, a text block as written. */
export async function layoutBlocks(layout: DocumentLayout, print: SectionPrinter): Promise<Content[]> {
  const content: Content[] = [];
  for (const block of layout.blocks) {
    if (!block.visible) continue;
    if (block.kind === 'text') {
      if (block.title) content.push(sectionHeading(block.title));
      content.push({ text: block.text, margin: [0, 2, 0, 4] });
    } else {
      content.push(...(await print(block)));
    }
  }
  return content;
}

const LABELS = Object.fromEntries(EXAMINEE_FIELDS.map((f) => [f.key, f.label])) as Record<ExamineeField, string>;

/** The visible examinee fields, two to a row, in the template's order. */
export function examineeTable(layout: DocumentLayout, values: Record<ExamineeField, string>): Content {
  const cells = layout.fields
    .filter((f) => f.visible)
    .flatMap((f): TableCell[] => [{ text: LABELS[f.key], bold: true }, { text: values[f.key] || '—' }]);
  if (cells.length === 0) return { text: '' };
  const body: TableCell[][] = [];
  for (let i = 0; i < cells.length; i += 4) {
    const row = cells.slice(i, i + 4);
    while (row.length < 4) row.push({ text: '' });
    body.push(row);
  }
  return { table: { widths: [56, '*', 56, '*'], body }, layout: 'lightHorizontalLines' };
}

/** pdfkit embeds JPEG and PNG only; another picture (a BMP, a link) is left out rather than failing the print. */
export function embeddableImage(image: string | null): string | null {
  if (!image) return null;
  if (/^data:image\/(jpeg|png);base64,/.test(image)) return image;
  if (image.startsWith('/9j/')) return `data:image/jpeg;base64,${image}`;
  if (image.startsWith('iVBOR')) return `data:image/png;base64,${image}`;
  return null;
}
