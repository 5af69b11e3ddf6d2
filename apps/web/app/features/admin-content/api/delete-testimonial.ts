import type { TestimonialDto } from '@labshop/shared/schemas/content';
import { useDeleteListItem } from '../../admin/api/delete-list-item.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/testimonials/{_id}. */
export function useDeleteTestimonial() {
  return useDeleteListItem<TestimonialDto>('/api/testimonials', contentKeys.testimonials);
}
