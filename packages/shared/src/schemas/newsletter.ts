/**
 * The newsletter contract, split so bundles take only what they use (the package is free of
 * side effects): newsletter-rules.ts has the messages, limits and helpers; newsletter-forms.ts
 * the zod schemas and the answer types derived from them.
 */
export * from './newsletter-rules.ts';
export * from './newsletter-forms.ts';
