/**
 * The catalogue's shared contract. Split in two so that bundles take only what they use (the
 * package is free of side effects): catalog-rules.ts has the API types, list limits and product
 * helpers the shop pages use; catalog-forms.ts the admin forms' messages, limits and zod
 * schemas, which the shop pages never load.
 */
export * from './catalog-rules.ts';
export * from './catalog-forms.ts';
