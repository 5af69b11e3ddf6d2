import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';

/** Categories, in display order. */

export type CategoryRow = typeof categories.$inferSelect;

export function createCategoriesRepo(db: Database) {
  return {
    async listCategories(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(isNull(categories.deletedAt))
        .orderBy(asc(categories.position), asc(categories.name));
    },

    async categoryByName(name: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(sql`lower(${categories.name}) = lower(${name})`, isNull(categories.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async categoryById(id: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /** Appends the category after the others in display order. */
    async insertCategory(values: { name: string; thumbnail: string }): Promise<CategoryRow> {
      const [last] = await db
        .select({ value: max(categories.position) })
        .from(categories)
        .where(isNull(categories.deletedAt));
      const [row] = await db
        .insert(categories)
        .values({ ...values, position: (last?.value ?? -1) + 1 })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** How many live products are in the category. */
    async liveProductsInCategory(categoryId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(products)
        .where(and(eq(products.categoryId, categoryId), isNull(products.deletedAt)));
      return row?.value ?? 0;
    },

    async deleteCategory(id: string): Promise<boolean> {
      const rows = await db
        .update(categories)
        .set({ deletedAt: new Date() })
        .where(and(eq(categories.id, id), isNull(categories.deletedAt)))
        .returning({ id: categories.id });
      return rows.length > 0;
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
