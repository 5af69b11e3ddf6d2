import type { TestimonialDto } from '@labshop/shared/schemas/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../admin/api/http.ts';
import { contentKeys } from './keys.ts';

/** GET /api/testimonials: in the order the home page shows them. */
export function getTestimonials(signal?: AbortSignal): Promise<TestimonialDto[]> {
  return apiJson<TestimonialDto[]>('/api/testimonials', { signal });
}

export function testimonialsQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.testimonials,
    queryFn: ({ signal }) => getTestimonials(signal),
  });
}

export function useTestimonials() {
  return useQuery(testimonialsQueryOptions());
}
