import { NewProductEditor } from '../../features/admin-catalog/components/product-editor.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminProductNew() {
  return (
    <>
      <title>{`Add New Product | Admin | ${SITE.name}`}</title>
      <NewProductEditor />
    </>
  );
}
