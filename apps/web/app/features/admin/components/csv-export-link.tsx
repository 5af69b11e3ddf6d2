import { Download } from 'lucide-react';
import { buttonClass } from './styles.ts';

/**
 * A screen's CSV export (audit log, orders, customers, subscribers): a plain download link, so
 * the browser streams the file from the server's export route, styled as the primary button.
 */
export function CsvExportLink({
  href,
  fileName,
  label = 'Export CSV',
}: {
  href: string;
  fileName: string;
  label?: string;
}) {
  return (
    <a href={href} download={fileName} className={buttonClass.primary}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {label}
    </a>
  );
}
