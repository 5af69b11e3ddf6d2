import { AppError } from '../../core/app-error.ts';
import { databaseErrorCode, type Database } from '../../db/client.ts';
import { createCategoriesRepo } from './categories-repo.ts';
import { createProductsRepo } from './products-repo.ts';

/**
 * The catalogue's queries: products (products-repo.ts, their lists' and searches' SQL in
 * products-sql.ts) and categories (categories-repo.ts), as one repo on a database or a
 * transaction.
 */
export function createCatalogRepo(db: Database) {
  return { ...createProductsRepo(db), ...createCategoriesRepo(db) };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;

/** PostgreSQL's unique_violation, from either driver. */
function isUniqueViolation(error: unknown): boolean {
  return databaseErrorCode(error) === '23505';
}

/** Runs a write that may hit a unique index in a race the pre-check did not see: 409. */
export async function guardUnique<T>(write: () => Promise<T>, conflict: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', conflict);
    throw error;
  }
}
