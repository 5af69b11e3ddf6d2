import { randomUUID } from 'node:crypto';
import type { FileStorage } from './port.ts';

/**
 * Brochures enter storage only through here: the bytes must start as a PDF does (`%PDF-`, not
 * just a .pdf name or an application/pdf header), and the file is stored under a fresh folder
 * with a tidy copy of the admin's file name, so a download keeps a meaningful name and two
 * products' `manual.pdf` never overwrite each other. Served as application/pdf with nosniff,
 * so a PDF/HTML polyglot is never read as a page.
 */

export class NotAPdfError extends Error {
  constructor() {
    super('The file is not a PDF.');
    this.name = 'NotAPdfError';
  }
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

export function hasPdfSignature(data: Buffer): boolean {
  return data.length > PDF_MAGIC.length && data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** `Service Manual (v2).PDF` -> `service-manual-v2.pdf`; a name with nothing usable -> `brochure.pdf`. */
export function pdfFileName(filename: string): string {
  const stem = (filename.split(/[/\\]/).at(-1) ?? '')
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
    .toLowerCase();
  return `${stem || 'brochure'}.pdf`;
}

/** Stores a PDF under `folder/<uuid>/<name>.pdf` and returns its URL; NotAPdfError otherwise. */
export async function storePdf(
  storage: FileStorage,
  data: Buffer,
  target: { folder: string; filename: string },
): Promise<string> {
  if (!hasPdfSignature(data)) throw new NotAPdfError();
  const key = `${target.folder}/${randomUUID()}/${pdfFileName(target.filename)}`;
  return storage.put(key, data, 'application/pdf');
}
