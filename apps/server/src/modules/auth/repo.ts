import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** Sessions by the hash of their cookie value; the cookie value itself is never stored. */
export function createSessionRepo(db: Database) {
  return {
    async insert(session: NewSession): Promise<void> {
      await db.insert(sessions).values(session);
    },

    async find(idHash: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash));
      return row;
    },

    /**
     * Stores refreshed tokens unless another request refreshed first (the refresh token it
     * used is no longer the stored one); answers whether this write won.
     */
    async replaceTokens(
      idHash: string,
      usedRefreshToken: string,
      update: Pick<
        NewSession,
        | 'accessToken'
        | 'refreshToken'
        | 'idToken'
        | 'accessTokenExpiresAt'
        | 'isAdmin'
        | 'name'
        | 'email'
        | 'emailVerified'
      >,
    ): Promise<boolean> {
      const updated = await db
        .update(sessions)
        .set(update)
        .where(and(eq(sessions.idHash, idHash), eq(sessions.refreshToken, usedRefreshToken)))
        .returning({ idHash: sessions.idHash });
      return updated.length > 0;
    },

    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
