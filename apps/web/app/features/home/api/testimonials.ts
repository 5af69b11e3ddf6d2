import type { TestimonialDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';

/** GET /api/testimonials for loaders: every testimonial, newest first (the display order). */
export async function fetchTestimonials(context: AppLoadContext): Promise<TestimonialDto[]> {
  const response = await context.apiFetch('/api/testimonials');
  if (!response.ok) throw new Error(`GET /api/testimonials answered ${response.status}`);
  return (await response.json()) as TestimonialDto[];
}
