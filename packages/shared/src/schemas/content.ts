/**
 * The content contract, split so bundles take only what they use (the package is free of side
 * effects): content-rules.ts has the messages, limits, API types and helpers; content-forms.ts
 * the zod schemas, which pages that only show content never load.
 */
export * from './content-rules.ts';
export * from './content-forms.ts';
