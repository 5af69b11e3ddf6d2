import type { TestimonialDto, TestimonialInput } from '@labshop/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, jsonRequest } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** POST /api/testimonials (JSON: name, position, text, imageUrl). */
export function createTestimonial(values: TestimonialInput): Promise<TestimonialDto> {
  return apiJson<TestimonialDto>('/api/testimonials', jsonRequest('POST', values));
}

export function useCreateTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestimonial,
    // Reloaded rather than patched: the list shows the server's order, which is the home page's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.testimonials }),
  });
}
