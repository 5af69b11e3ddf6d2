import { CategoriesManagement } from '../../features/admin-catalog/components/categories-management.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminCategories() {
  return (
    <>
      <title>{`Categories | Admin | ${SITE.name}`}</title>
      <CategoriesManagement />
    </>
  );
}
