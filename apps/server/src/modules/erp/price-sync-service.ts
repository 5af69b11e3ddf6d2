import { createHash } from 'node:crypto';
import { centsToDollars } from '@labshop/shared/money';
import type { ProductPrices } from '@labshop/shared/pricing';
import {
  ERP_MESSAGES,
  SYNCED_PRICE_FIELDS,
  failureLine,
  type PricePreview,
  type PriceSet,
  type PriceSyncResult,
  type SyncedPriceField,
} from '@labshop/shared/schemas/erp';
import type { Erp, ErpItemPrices, PriceSource } from '../../integrations/erp/port.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuditContext, AuditLog } from '../audit/service.ts';
import type { CatalogService, ProductPriceRow } from '../catalog/service.ts';
import { SyncInterrupted, type RunningSync, type SyncLedger } from './ledger.ts';
import { unavailableAs503 } from './unavailable.ts';

/**
 * 'Sync All Prices from BC' (SPEC.md "Price refresh result"): each live product takes the
 * mapped prices of the ERP item with the same number, in its own transaction, with every result
 * in the sync ledger. The preview is the same computation, writing nothing.
 */

/** Which ERP price feeds each shop price; 'keep' leaves that price alone (config.priceMapping). */
export type PriceMapping = Record<SyncedPriceField, PriceSource | 'keep'>;

/** Why a product's prices were not taken from the ERP (ours; shown in failures and the ledger). */
export const PRICE_SYNC_REASONS = {
  noItem: 'no item with this number in the ERP',
  blocked: 'the item is blocked in the ERP',
  noPrice: (field: SyncedPriceField, source: PriceSource) =>
    `the ERP item has no ${source} price for ${field}`,
  outOfRange: (field: SyncedPriceField, source: PriceSource, value: number) =>
    `the ERP's ${source} price for ${field} (${value}) is not between $0.01 and $1,000,000`,
  deleted: 'the product was deleted during the sync',
} as const;

/** The highest price the sync accepts, in cents ($1,000,000). */
const MAX_PRICE_CENTS = 100_000_000;

const COLUMN_OF: Record<SyncedPriceField, keyof ProductPrices> = {
  newPrice: 'newPriceCents',
  wholesalePrice: 'wholesalePriceCents',
  partnerPricex3: 'partnerPriceX3Cents',
};

/**
 * Dollars from the ERP (any number of decimals) to cents, half up: 10.005 is 1001 cents. The
 * product is taken at 12 significant digits first, so 1.005 * 100 (100.49999999999999 in
 * binary) still counts as the half it is.
 */
export function roundHalfUpToCents(dollars: number): number {
  return Math.floor(Number((dollars * 100).toPrecision(12)) + 0.5);
}

export function priceSet(prices: ProductPrices): PriceSet {
  return {
    newPrice: centsToDollars(prices.newPriceCents),
    wholesalePrice: centsToDollars(prices.wholesalePriceCents),
    partnerPricex3:
      prices.partnerPriceX3Cents === null ? null : centsToDollars(prices.partnerPriceX3Cents),
  };
}

export type PricePlan =
  | { ok: true; changes: Partial<ProductPrices>; after: ProductPrices }
  | { ok: false; reason: string };

/** The ERP's item numbers are matched regardless of case (Business Central's are upper case). */
export function itemKey(number: string): string {
  return number.trim().toUpperCase();
}

/**
 * What the sync would set on one product: the mapped prices of its ERP item, or why not (no
 * item, a blocked item, a missing or out-of-range retail or wholesale price). A missing partner
 * price clears it (the wholesale price then applies from 3 as well).
 */
export function planPrices(
  product: ProductPriceRow,
  item: ErpItemPrices | undefined,
  mapping: PriceMapping,
): PricePlan {
  if (!item) return { ok: false, reason: PRICE_SYNC_REASONS.noItem };
  if (item.blocked) return { ok: false, reason: PRICE_SYNC_REASONS.blocked };
  const changes: Partial<ProductPrices> = {};
  for (const field of SYNCED_PRICE_FIELDS) {
    const source = mapping[field];
    if (source === 'keep') continue;
    const value = item.prices[source];
    if (value === undefined) {
      if (field === 'partnerPricex3') {
        changes.partnerPriceX3Cents = null;
        continue;
      }
      return { ok: false, reason: PRICE_SYNC_REASONS.noPrice(field, source) };
    }
    const cents = Number.isFinite(value) ? roundHalfUpToCents(value) : Number.NaN;
    if (!(cents >= 1 && cents <= MAX_PRICE_CENTS)) {
      return { ok: false, reason: PRICE_SYNC_REASONS.outOfRange(field, source, value) };
    }
    changes[COLUMN_OF[field]] = cents;
  }
  return { ok: true, changes, after: { ...product.prices, ...changes } };
}

function samePrices(a: ProductPrices, b: ProductPrices): boolean {
  return (
    a.newPriceCents === b.newPriceCents &&
    a.wholesalePriceCents === b.wholesalePriceCents &&
    a.partnerPriceX3Cents === b.partnerPriceX3Cents
  );
}

/**
 * The preview's confirmation: a digest of its changes (each product's prices before and after,
 * in product order), so the same changes give the same text on any instance and any others
 * (a price changed in the ERP or in the shop since) give another.
 */
export function confirmationOf(changes: PricePreview['changes']): string {
  const named = changes
    .map(({ number, before, after }) => [number, before, after] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(named)).digest('base64url');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface PriceSyncDeps {
  erp: Erp;
  catalog: Pick<CatalogService, 'productPrices' | 'setProductPrices'>;
  ledger: SyncLedger;
  mapping: PriceMapping;
  log: { info(object: unknown, message: string): void };
  /** Each product's change is logged in its transaction; the run's totals at its end. */
  audit: Pick<AuditLog, 'record'>;
}

export function createPriceSyncService({
  erp,
  catalog,
  ledger,
  mapping,
  log,
  audit,
}: PriceSyncDeps) {
  const sources = [
    ...new Set(SYNCED_PRICE_FIELDS.map((field) => mapping[field]).filter((s) => s !== 'keep')),
  ] as PriceSource[];

  /** The ERP's items and the shop's live products; the ERP may throw ErpUnavailable. */
  async function load(): Promise<{ items: ErpItemPrices[]; products: ProductPriceRow[] }> {
    const items = await erp.listItemPrices(sources);
    return { items, products: await catalog.productPrices() };
  }

  function itemsByNumber(items: ErpItemPrices[]): Map<string, ErpItemPrices> {
    const byNumber = new Map<string, ErpItemPrices>();
    for (const item of items) {
      if (!byNumber.has(itemKey(item.number))) byNumber.set(itemKey(item.number), item);
    }
    return byNumber;
  }

  /** What a sync of these products with these ERP items would do. */
  function previewOf(items: ErpItemPrices[], products: ProductPriceRow[]): PricePreview {
    const byNumber = itemsByNumber(items);
    const changes: PricePreview['changes'] = [];
    const failures: PricePreview['failures'] = [];
    let unchanged = 0;
    for (const product of products) {
      const plan = planPrices(product, byNumber.get(itemKey(product.number)), mapping);
      if (!plan.ok) {
        failures.push({ number: product.number, title: product.title, reason: plan.reason });
      } else if (samePrices(plan.after, product.prices)) {
        unchanged += 1;
      } else {
        changes.push({
          number: product.number,
          title: product.title,
          before: priceSet(product.prices),
          after: priceSet(plan.after),
        });
      }
    }
    const shopNumbers = new Set(products.map((product) => itemKey(product.number)));
    const missingInShop = [...byNumber.values()]
      .filter((item) => !item.blocked && !shopNumbers.has(itemKey(item.number)))
      .map((item) => ({ number: item.number, displayName: item.displayName }))
      .sort((a, b) => a.number.localeCompare(b.number));
    return {
      changes,
      unchanged,
      failures,
      missingInShop,
      mapping: { ...mapping },
      confirmation: confirmationOf(changes),
    };
  }

  /** One product through the sync: its plan, its write, its ledger item. */
  async function syncProduct(
    run: RunningSync,
    product: ProductPriceRow,
    item: ErpItemPrices | undefined,
    context: AuditContext,
  ): Promise<string | null> {
    const base = { productNumber: product.number, title: product.title };
    const failed = async (reason: string) => {
      await run.record({
        ...base,
        outcome: 'failed',
        before: priceSet(product.prices),
        after: null,
        error: reason,
      });
      return reason;
    };
    const plan = planPrices(product, item, mapping);
    if (!plan.ok) return failed(plan.reason);
    let write;
    try {
      write = await catalog.setProductPrices(product.id, plan.changes, {
        context,
        action: 'product.price-sync',
      });
    } catch (error) {
      return failed(messageOf(error));
    }
    if (!write) return failed(PRICE_SYNC_REASONS.deleted);
    await run.record({
      ...base,
      outcome: write.changed ? 'updated' : 'unchanged',
      before: priceSet(write.before),
      after: priceSet(write.after),
      error: null,
    });
    return null;
  }

  /** 409 unless a sync of what was read would make exactly the confirmed preview's changes. */
  function confirmationRefusal(
    { items, products }: Awaited<ReturnType<typeof load>>,
    confirmation: string,
  ): AppError | null {
    const now = previewOf(items, products);
    if (now.confirmation === confirmation) return null;
    return new AppError('conflict', ERP_MESSAGES.pricesChangedSinceConfirm(now.changes.length));
  }

  return {
    /** Which ERP price feeds each shop price, as configured. */
    mapping,

    /**
     * Runs the sync for `startedBy`: 409 while another runs, 503 when the ERP cannot be
     * reached (the ledger row then failed with the reason). With a `confirmation` (the one of
     * the preview the admin confirmed), 409 and nothing written unless the sync would make
     * exactly that preview's changes. Products fail one by one with their reason; the others
     * are still updated. Every price change is in the audit log (product.price-sync), and the
     * run's totals (prices.sync).
     */
    async sync(
      startedBy: string,
      context: AuditContext,
      confirmation?: string,
    ): Promise<PriceSyncResult> {
      // With a confirmation, the ERP is read and checked before the run starts, so a refused
      // confirmation writes nothing, not even a Sync History row, and the run applies exactly
      // what was checked. An ERP that cannot be reached then is left to the run, which records
      // it and, once it has read the ERP, checks there.
      const checked = confirmation === undefined ? null : await load().catch(() => null);
      if (checked && confirmation !== undefined) {
        const refused = confirmationRefusal(checked, confirmation);
        if (refused) throw refused;
      }
      const run = await ledger.start('prices', startedBy);
      try {
        const { items, products } = checked ?? (await load());
        const refused =
          checked || confirmation === undefined
            ? null
            : confirmationRefusal({ items, products }, confirmation);
        if (refused) {
          await run.fail(refused.message);
          throw refused;
        }
        await run.setTotal(products.length);
        const byNumber = itemsByNumber(items);
        const failures: string[] = [];
        for (const product of products) {
          const reason = await syncProduct(
            run,
            product,
            byNumber.get(itemKey(product.number)),
            context,
          );
          if (reason !== null) failures.push(failureLine(product.number, reason));
        }
        await run.succeed();
        const { updated, unchanged, failed } = run.counters;
        await audit.record(context, {
          action: 'prices.sync',
          entityType: 'prices',
          entityId: run.id,
          after: { updated, unchanged, failed, failures },
        });
        log.info({ sync: run.id, updated, unchanged, failed }, 'prices synced from the ERP');
        return { updated, failed, failures, unchanged, syncId: run.id };
      } catch (error) {
        if (!(error instanceof SyncInterrupted)) await run.fail(messageOf(error));
        throw unavailableAs503(error);
      }
    },

    /** What a sync would do now; nothing is written. 503 when the ERP cannot be reached. */
    async preview(): Promise<PricePreview> {
      const { items, products } = await load().catch((error: unknown) => {
        throw unavailableAs503(error);
      });
      return previewOf(items, products);
    },
  };
}

export type PriceSyncService = ReturnType<typeof createPriceSyncService>;
