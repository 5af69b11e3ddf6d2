import { TestimonialsManagement } from '../../features/admin-content/components/testimonials-management.tsx';
import { SITE } from '../../lib/site.ts';

export default function AdminTestimonials() {
  return (
    <>
      <title>{`Testimonials | Admin | ${SITE.name}`}</title>
      <TestimonialsManagement />
    </>
  );
}
