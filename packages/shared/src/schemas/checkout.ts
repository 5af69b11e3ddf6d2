/**
 * The checkout contract, split so bundles take only what they use (the package is free of side
 * effects): checkout-rules.ts has the messages, limits, API types and helpers; checkout-dto.ts
 * the answers' zod schemas, which those types come from; checkout-forms.ts the zod schemas of
 * the billing form and the payment calls.
 */
export * from './checkout-rules.ts';
export * from './checkout-dto.ts';
export * from './checkout-forms.ts';
