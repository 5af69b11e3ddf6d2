/**
 * The content contract, split so bundles take only what they use (the package is free of side
 * effects): content-rules.ts has the messages, limits, API types and helpers; content-dto.ts
 * the answers' zod schemas, which those types come from; content-forms.ts the forms' zod
 * schemas. Pages that only show content load neither zod file.
 */
export * from './content-rules.ts';
export * from './content-dto.ts';
export * from './content-forms.ts';
