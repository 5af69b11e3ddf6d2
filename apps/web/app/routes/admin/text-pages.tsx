import { TextPagesManagement } from '../../features/admin-content/components/text-pages-management.tsx';
import { SITE } from '../../lib/site.ts';

// The rich-text editor inside is loaded lazily, in the browser only.
export default function AdminTextPages() {
  return (
    <>
      <title>{`Text Pages | Admin | ${SITE.name}`}</title>
      <TextPagesManagement />
    </>
  );
}
