// The schema object Drizzle needs for relational queries and drizzle-kit for migrations.
export * from './audit.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './erp.ts';
export * from './jobs.ts';
export * from './newsletter.ts';
export * from './orders.ts';
export * from './quotes.ts';
