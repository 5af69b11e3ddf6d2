import { GalleryManagement } from '../../features/admin-content/components/gallery-management.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminGallery() {
  return (
    <>
      <title>{`Gallery | Admin | ${SITE.name}`}</title>
      <GalleryManagement />
    </>
  );
}
