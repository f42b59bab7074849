import { extractText, getDocumentProxy } from 'unpdf';

/** What a PDF says, its runs of white space made one space, and how many pages it has (pdf.js, through unpdf). */
export async function readPdf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: doc.numPages };
}
