import type { TestimonialDto } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** DELETE /api/testimonials/{_id}. */
export async function deleteTestimonial(id: string): Promise<void> {
  await apiRequest(`/api/testimonials/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTestimonial,
    onSuccess: async (_, id) => {
      queryClient.setQueryData<TestimonialDto[]>(contentKeys.testimonials, (testimonials) =>
        testimonials?.filter((testimonial) => testimonial._id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.testimonials });
    },
  });
}
