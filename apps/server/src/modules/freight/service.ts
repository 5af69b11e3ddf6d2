import { centsToDollars, dollarsToCents } from '@labshop/shared/money';
import {
  freightFor,
  type FreightLine,
  type FreightQuote,
  type FreightZoneRates,
} from '@labshop/shared/schemas/freight';
import type {
  FreightEstimateAnswer,
  FreightTable,
  FreightTableAnswer,
} from '@labshop/shared/schemas/freight-dto';
import type { Database } from '../../db/client.ts';
import type { AuditContext, AuditService } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FreightRepo, FreightTableRow } from './repo.ts';

/**
 * Freight on every order (issue 37): the staff's table of US zones and rates, the estimate the
 * cart and the checkout show, and the freight process-payment charges, all from one reckoning
 * (freightFor). What the checkout charges is priced here again from the stored table and the
 * products' weights, never taken from the browser.
 */

/** Where the order ships: the checkout's billing address is its ship-to. */
export interface FreightPlace {
  country: string;
  state: string;
}

const tableAnswer = (row: FreightTableRow): FreightTableAnswer => ({
  zones: row.zones.map((zone) => ({
    name: zone.name,
    states: [...zone.states],
    bands: zone.bands.map((band) => ({ upToLb: band.upToLb, price: centsToDollars(band.cents) })),
  })),
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

const zonesOf = (table: FreightTable): FreightZoneRates[] =>
  table.zones.map((zone) => ({
    name: zone.name,
    // The form's order, without repeats.
    states: [...new Set(zone.states)],
    bands: zone.bands.map((band) => ({ upToLb: band.upToLb, cents: dollarsToCents(band.price) })),
  }));

export function createFreightService(deps: {
  repo: FreightRepo;
  /** The staff's change is written with its audit entry, in one transaction (repoOf(tx)). */
  repoOf: (tx: Database) => FreightRepo;
  catalog: Pick<CatalogService, 'productsForSale'>;
  audit: AuditService;
}) {
  const { repo, catalog, audit } = deps;

  /** The freight for lines whose weights are known (the checkout has its products already). */
  async function freightOf(
    place: FreightPlace,
    lines: readonly FreightLine[],
  ): Promise<FreightQuote> {
    const { zones } = await repo.table();
    return freightFor(zones, place, lines);
  }

  return {
    freightOf,

    /** GET /api/freight-estimate: unknown products have no weight (their cart says so itself). */
    async estimate(
      place: FreightPlace,
      items: readonly { number: string; quantity: number }[],
    ): Promise<FreightEstimateAnswer> {
      const products = await catalog.productsForSale(items.map((item) => item.number));
      const quote = await freightOf(
        place,
        items.map((item) => ({
          quantity: item.quantity,
          weightLb: products.get(item.number)?.shippingWeightLb ?? null,
        })),
      );
      return {
        freight: quote.cents === null ? null : centsToDollars(quote.cents),
        zone: quote.zone,
        weightLb: quote.weightLb,
        reason: quote.reason,
      };
    },

    async table(): Promise<FreightTableAnswer> {
      return tableAnswer(await repo.table());
    },

    /** PUT /api/admin/freight: the whole table, audited (freight.update). */
    async update(table: FreightTable, context: AuditContext): Promise<FreightTableAnswer> {
      const zones = zonesOf(table);
      await audit.transaction(context, async (tx, record) => {
        const before = await deps.repoOf(tx).replace(zones);
        record({
          action: 'freight.update',
          entityType: 'freight',
          entityId: 'table',
          before: { zones: tableAnswer(before).zones },
          after: { zones: tableAnswer({ zones, updatedAt: null }).zones },
        });
      });
      return tableAnswer(await repo.table());
    },
  };
}

export type FreightService = ReturnType<typeof createFreightService>;
