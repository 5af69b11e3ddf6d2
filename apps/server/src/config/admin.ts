import { z } from 'zod';
import { urlField, type VarsOf } from './fields.ts';

/** The admin's own settings: its Analytics link and the time zone its dashboard counts in. */
export const adminFields = {
  ANALYTICS_URL: urlField(),
  SHOP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
};

export interface AdminSettings {
  /** The admin sidebar's external Analytics entry; absent hides the entry. */
  analyticsUrl: string | null;
  /** The IANA time zone the admin dashboard counts days in. */
  shopTimeZone: string;
}

export function adminSettings(vars: VarsOf<typeof adminFields>): AdminSettings {
  return { analyticsUrl: vars.ANALYTICS_URL ?? null, shopTimeZone: vars.SHOP_TIME_ZONE };
}

/** Whether Intl knows `zone` as a time zone (America/New_York, UTC, ...). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
