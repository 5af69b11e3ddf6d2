/**
 * A one-page product brochure written as raw PDF 1.4: one page, the standard Helvetica fonts
 * (which every reader has, so nothing is embedded) and an exact xref table.
 */

export interface BrochureContent {
  title: string;
  productNumber: string;
  description: string;
  /** Short lines under the description, e.g. the price and contact details. */
  facts: string[];
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 60;
const WRAP_COLUMNS = 86;

export function brochurePdf(content: BrochureContent): Buffer {
  const stream = pageStream(content);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  return assemble(objects);
}

/** Joins numbered objects and writes the xref table with each object's byte offset. */
function assemble(objects: string[]): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, space, newline.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pageStream(content: BrochureContent): string {
  const top = PAGE_HEIGHT - 90;
  const descriptionLines = wrap(content.description, WRAP_COLUMNS);
  const titleLines = wrap(content.title, 44);
  const ops: string[] = [
    // header band
    '0.12 0.37 0.66 rg',
    `0 ${PAGE_HEIGHT - 70} ${PAGE_WIDTH} 70 re f`,
    'BT /F1 24 Tf 1 1 1 rg',
    `${MARGIN} ${PAGE_HEIGHT - 46} Td (labshop) Tj`,
    '/F2 11 Tf',
    `330 4 Td (${pdfText('Dental laboratory equipment since 1944')}) Tj`,
    'ET',
    // title block
    'BT 0.16 0.19 0.22 rg /F1 22 Tf 28 TL',
    `${MARGIN} ${top - 30} Td`,
    ...titleLines.map((line) => `(${pdfText(line)}) Tj T*`),
    `/F2 12 Tf 0.42 0.46 0.5 rg (${pdfText(`Product number ${content.productNumber}`)}) Tj`,
    'ET',
    // divider
    '0.81 0.84 0.87 RG 1 w',
    `${MARGIN} ${top - 52 - titleLines.length * 28} m ${PAGE_WIDTH - MARGIN} ${top - 52 - titleLines.length * 28} l S`,
    // description and facts
    'BT 0.16 0.19 0.22 rg /F2 12 Tf 17 TL',
    `${MARGIN} ${top - 80 - titleLines.length * 28} Td`,
    ...descriptionLines.map((line) => `(${pdfText(line)}) Tj T*`),
    'T* /F1 12 Tf',
    ...content.facts.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
    // footer
    'BT 0.42 0.46 0.5 rg /F2 9 Tf',
    `${MARGIN} 40 Td (${pdfText('Demo brochure. Specifications are subject to change without notice.')}) Tj`,
    'ET',
  ];
  return ops.join('\n');
}

function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > columns) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal body: printable ASCII only, with the three special characters escaped. */
function pdfText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (char) => `\\${char}`);
}
