import type { Route } from './+types/product-edit';
import { EditProductEditor } from '../../features/admin-catalog/components/product-editor.tsx';
import { SITE } from '../../lib/site.ts';

/** Update Product; the :id parameter is the product number (SPEC.md "Admin screens"). */
export default function AdminProductEdit({ params }: Route.ComponentProps) {
  return (
    <>
      <title>{`Update Product ${params.id} | Admin | ${SITE.name}`}</title>
      <EditProductEditor number={params.id} />
    </>
  );
}
