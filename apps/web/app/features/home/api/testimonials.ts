import type { TestimonialDto } from '@labshop/shared/schemas/content';
import type { AppLoadContext } from 'react-router';
import { getApiJson } from '../../../lib/api-json.ts';

/** GET /api/testimonials for loaders: every testimonial, newest first (the display order). */
export function fetchTestimonials(context: AppLoadContext): Promise<TestimonialDto[]> {
  return getApiJson<TestimonialDto[]>(context, '/api/testimonials');
}
