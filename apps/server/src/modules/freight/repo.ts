import type { FreightZoneRates } from '@labshop/shared/schemas/freight';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { freightTable } from '../../db/schema/index.ts';

/** The staff's freight table (issue 37): one row, its zones with rates in cents. */
export interface FreightTableRow {
  zones: FreightZoneRates[];
  /** Null until the staff first save one. */
  updatedAt: Date | null;
}

export function createFreightRepo(db: Database) {
  return {
    async table(): Promise<FreightTableRow> {
      const [row] = await db
        .select({ zones: freightTable.zones, updatedAt: freightTable.updatedAt })
        .from(freightTable)
        .where(eq(freightTable.id, 1));
      return row ?? { zones: [], updatedAt: null };
    },

    /** Replaces the table; answers the one before (the audit's "before"). */
    async replace(zones: FreightZoneRates[]): Promise<FreightTableRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ zones: freightTable.zones, updatedAt: freightTable.updatedAt })
          .from(freightTable)
          .where(eq(freightTable.id, 1))
          .for('update');
        await tx
          .insert(freightTable)
          .values({ id: 1, zones })
          .onConflictDoUpdate({ target: freightTable.id, set: { zones, updatedAt: new Date() } });
        return before ?? { zones: [], updatedAt: null };
      });
    },
  };
}

export type FreightRepo = ReturnType<typeof createFreightRepo>;
