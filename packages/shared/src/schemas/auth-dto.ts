import { z } from 'zod';
import { PRICE_TIERS } from '../auth.ts';

/**
 * GET /api/me: what the shop knows about the visitor, written once. The schema is the route's
 * response schema; pages import the type only, through auth.ts, so zod stays out of them.
 */
export const MeSchema = z.object({
  user: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** Anonymous visitors pay retail; every signed-in user sees wholesale (partner) prices. */
  tier: z.enum(PRICE_TIERS),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;
