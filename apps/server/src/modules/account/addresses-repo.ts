import type { ShippingAddress } from '@labshop/shared/schemas/address-book-dto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userAddresses } from '../../db/schema/index.ts';

/** The address book's table, `user_addresses`: every query names the owner's subject. */

export type AddressRow = typeof userAddresses.$inferSelect;

/** pg_advisory_xact_lock's first key for "one user's address book at a time" (second: theirs). */
const ADDRESS_BOOK_LOCK_CLASS = 7_311;

export function createAddressesRepo(db: Database) {
  const owned = (subject: string, id: string) =>
    and(eq(userAddresses.userSubject, subject), eq(userAddresses.id, id));

  return {
    /** The user's addresses, oldest first (the order they were added in). */
    listOf(subject: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(userAddresses)
        .where(eq(userAddresses.userSubject, subject))
        .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id));
    },

    /**
     * Adds an address unless the user has `limit` already: null then. The count and the insert
     * hold the user's lock, so two adds at once cannot both pass the count.
     */
    async insertWithin(
      subject: string,
      address: ShippingAddress,
      limit: number,
    ): Promise<AddressRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ADDRESS_BOOK_LOCK_CLASS}, hashtext(${subject}))`,
        );
        const [saved] = await tx
          .select({ count: count() })
          .from(userAddresses)
          .where(eq(userAddresses.userSubject, subject));
        if ((saved?.count ?? 0) >= limit) return null;
        const [row] = await tx
          .insert(userAddresses)
          .values({ ...address, userSubject: subject })
          .returning();
        return row ?? null;
      });
    },

    /** Replaces the fields of one of the user's addresses: null when they have none by this id. */
    async update(
      subject: string,
      id: string,
      address: ShippingAddress,
    ): Promise<AddressRow | null> {
      const [row] = await db
        .update(userAddresses)
        .set(address)
        .where(owned(subject, id))
        .returning();
      return row ?? null;
    },

    /** Deletes one of the user's addresses: false when they have none by this id. */
    async remove(subject: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(userAddresses)
        .where(owned(subject, id))
        .returning({ id: userAddresses.id });
      return rows.length > 0;
    },
  };
}

export type AddressesRepo = ReturnType<typeof createAddressesRepo>;
