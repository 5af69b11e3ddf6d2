import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { galleryImages, notifications, testimonials, textPages } from '../../db/schema/index.ts';

/** The content's rows: testimonials, gallery pictures, text pages and notifications. */

export type TestimonialRow = typeof testimonials.$inferSelect;
export type GalleryImageRow = typeof galleryImages.$inferSelect;
export type TextPageRow = typeof textPages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

export type TestimonialValues = Pick<
  typeof testimonials.$inferInsert,
  'name' | 'position' | 'text' | 'imageUrl'
>;
export type GalleryImageValues = Pick<
  typeof galleryImages.$inferInsert,
  'imageUrl' | 'title' | 'description'
>;
export type NotificationValues = Pick<typeof notifications.$inferInsert, 'title' | 'body'>;

export function createContentRepo(db: Database) {
  return {
    /** Newest first: the home page's carousel opens with the latest words (and the seed's first). */
    async listTestimonials(): Promise<TestimonialRow[]> {
      return db
        .select()
        .from(testimonials)
        .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
    },

    async insertTestimonial(values: TestimonialValues): Promise<TestimonialRow> {
      const [row] = await db.insert(testimonials).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Deletes the row and answers it (for the audit log), or null. */
    async deleteTestimonial(id: string): Promise<TestimonialRow | null> {
      const [row] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning();
      return row ?? null;
    },

    /** Newest first. */
    async listGalleryImages(): Promise<GalleryImageRow[]> {
      return db
        .select()
        .from(galleryImages)
        .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id));
    },

    async insertGalleryImage(values: GalleryImageValues): Promise<GalleryImageRow> {
      const [row] = await db.insert(galleryImages).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Deletes the row and answers it (its image is then removed from storage), or null. */
    async deleteGalleryImage(id: string): Promise<GalleryImageRow | null> {
      const [row] = await db.delete(galleryImages).where(eq(galleryImages.id, id)).returning();
      return row ?? null;
    },

    async textPage(name: string): Promise<TextPageRow | null> {
      const [row] = await db.select().from(textPages).where(eq(textPages.name, name)).limit(1);
      return row ?? null;
    },

    /** Writes the page, creating it on its first save. */
    async saveTextPage(name: string, content: string): Promise<TextPageRow> {
      const [row] = await db
        .insert(textPages)
        .values({ name, content })
        .onConflictDoUpdate({
          target: textPages.name,
          set: { content, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    /** Newest first, at most `limit`. */
    async listNotifications(limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .orderBy(
          desc(notifications.dateTime),
          desc(notifications.createdAt),
          desc(notifications.id),
        )
        .limit(limit);
    },

    /** Dated now by the database; a new notification is never read. */
    async insertNotification(values: NotificationValues): Promise<NotificationRow> {
      const [row] = await db
        .insert(notifications)
        .values({ ...values, read: false })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Deletes the row and answers it (for the audit log), or null. */
    async deleteNotification(id: string): Promise<NotificationRow | null> {
      const [row] = await db.delete(notifications).where(eq(notifications.id, id)).returning();
      return row ?? null;
    },
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
