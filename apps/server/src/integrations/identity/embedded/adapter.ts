import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../db/client.ts';
import { oidcModels } from '../../../db/schema/index.ts';

/**
 * oidc-provider's storage contract over our database: one row per model (Session, Grant,
 * AuthorizationCode, RefreshToken, Interaction, ...), so the embedded provider's logins and
 * refresh tokens survive a restart. Expired rows read as absent and are purged on each login.
 */
export function databaseAdapter(db: Database): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcModels)
        .values({ kind: this.kind, id, ...row })
        .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: row });
      // One authorization code per login: a good moment to drop what has expired.
      if (this.kind === 'AuthorizationCode') {
        await db
          .delete(oidcModels)
          .where(and(isNotNull(oidcModels.expiresAt), lt(oidcModels.expiresAt, new Date())));
      }
    }

    find(id: string) {
      return this.findBy(eq(oidcModels.id, id));
    }

    findByUid(uid: string) {
      return this.findBy(eq(oidcModels.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findBy(eq(oidcModels.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcModels).where(eq(oidcModels.grantId, grantId));
    }

    private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcModels)
        .where(and(eq(oidcModels.kind, this.kind), condition))
        .limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }
  };
}
