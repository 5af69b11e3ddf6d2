import { zodResolver } from '@hookform/resolvers/zod';
import { BillingInput } from '@labshop/shared/schemas/checkout';

/** The billing form's zod resolver: its own chunk, loaded on the form's first validation. */
export const billingResolver = zodResolver(BillingInput);
