import type { CategoryDto, CategoryInput } from '@labshop/shared/schemas/catalog';
import type { ReadCache } from '../../cache/read-cache.ts';
import { AppError } from '../../core/app-error.ts';
import { isUuid } from '../../core/uuid.ts';
import type { AuditContext, AuditLog } from '../audit/service.ts';
import type { CatalogAnswers } from './answers.ts';
import { createCategoriesRepo } from './categories-repo.ts';
import type { ImageFiles, ImageUpload } from './images.ts';
import { CATALOG_MESSAGES } from './messages.ts';
import { guardUnique, type CatalogRepo } from './repo.ts';

/** Categories: the list in display order, and the admin's create (with a thumbnail) and delete. */

export interface CategoriesServiceDeps {
  repo: CatalogRepo;
  cache: ReadCache;
  /** Every change is logged in the change's transaction. */
  audit: AuditLog;
  answers: CatalogAnswers;
  imageFiles: ImageFiles;
}

export function createCategoriesService({
  repo,
  cache,
  audit,
  answers,
  imageFiles,
}: CategoriesServiceDeps) {
  const { categoryDto } = answers;

  return {
    async listCategories(): Promise<CategoryDto[]> {
      return cache.get('categories', async () => (await repo.listCategories()).map(categoryDto));
    },

    async createCategory(
      input: CategoryInput,
      thumbnail: ImageUpload,
      context: AuditContext,
    ): Promise<CategoryDto> {
      if (await repo.categoryByName(input.name)) {
        throw new AppError('conflict', CATALOG_MESSAGES.duplicateCategory(input.name));
      }
      const [url] = await imageFiles.storeImages('categories', [thumbnail]);
      try {
        const row = await audit.transaction(context, async (tx, record) => {
          const created = await guardUnique(
            () => createCategoriesRepo(tx).insertCategory({ name: input.name, thumbnail: url! }),
            CATALOG_MESSAGES.duplicateCategory(input.name),
          );
          record({
            action: 'category.create',
            entityType: 'category',
            entityId: created.id,
            after: { name: created.name, thumbnail: created.thumbnail },
          });
          return created;
        });
        cache.clear();
        return categoryDto(row);
      } catch (error) {
        await imageFiles.removeImages([url!]);
        throw error;
      }
    },

    async deleteCategory(id: string, context: AuditContext): Promise<void> {
      const category = isUuid(id) ? await repo.categoryById(id.toLowerCase()) : null;
      if (!category) throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound);
      const inUse = await repo.liveProductsInCategory(category.id);
      if (inUse > 0) throw new AppError('conflict', CATALOG_MESSAGES.categoryInUse(inUse));
      await audit.transaction(context, async (tx, record) => {
        if (!(await createCategoriesRepo(tx).deleteCategory(category.id))) {
          throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound);
        }
        record({
          action: 'category.delete',
          entityType: 'category',
          entityId: category.id,
          before: { name: category.name, thumbnail: category.thumbnail },
        });
      });
      cache.clear();
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
