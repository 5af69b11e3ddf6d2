/**
 * The catalogue's shared contract. Split so that bundles take only what they use (the package
 * is free of side effects): catalog-rules.ts has the API types, list limits and product helpers
 * the shop pages use; catalog-dto.ts the answers' zod schemas, which those types come from;
 * catalog-forms.ts the admin forms' messages, limits and zod schemas. The shop pages load
 * neither zod file.
 */
export * from './catalog-rules.ts';
export * from './catalog-dto.ts';
export * from './catalog-forms.ts';
