import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appSecrets } from './schema/index.ts';

/**
 * The secret stored under `name`, made by `create` on first use. Instances that start together
 * agree: the first insert wins and every instance reads that row back.
 */
export async function loadOrCreateSecret(
  db: Database,
  name: string,
  create: () => string | Promise<string>,
): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== null) return existing;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await readSecret(db, name);
  if (stored === null) throw new Error(`secret ${name} could not be stored`);
  return stored;
}

async function readSecret(db: Database, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value ?? null;
}
