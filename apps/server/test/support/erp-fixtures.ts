import type { Database } from '../../src/db/client.ts';
import { categories, erpItems, products } from '../../src/db/schema/index.ts';
import { seedCategories, seedProducts } from '../../src/db/seed/catalog-data.ts';
import { seedErpItems } from '../../src/db/seed/erp-data.ts';
import { createBuiltInErp } from '../../src/integrations/erp/built-in.ts';
import { ErpUnavailable, type Erp } from '../../src/integrations/erp/port.ts';

/** The ERP API tests' demo data and a controllable ERP. */

/**
 * The demo catalogue's rows (no pictures: the seed's image rendering is not what these tests
 * are about) and the built-in ERP's demo items, as the seed writes them.
 */
export async function seedDemoCatalogue(db: Database): Promise<void> {
  const categoryRows = await db
    .insert(categories)
    .values(seedCategories.map((category, position) => ({ name: category.name, position })))
    .returning({ id: categories.id, name: categories.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  await db.insert(products).values(
    seedProducts.map((product) => ({
      number: product.number,
      title: product.title,
      description: product.description,
      categoryId: categoryIds.get(product.category) ?? null,
      images: [`/uploads/products/${product.number.toLowerCase()}-1.jpg`],
      newPriceCents: product.newPriceCents,
      oldPriceCents: product.oldPriceCents,
      wholesalePriceCents: product.wholesalePriceCents,
      partnerPriceX3Cents: product.partnerPriceX3Cents,
    })),
  );
  await db.insert(erpItems).values(seedErpItems);
}

/**
 * The built-in ERP behind switches: `down` makes every call fail as unreachable with `reason`;
 * `hold()` keeps calls waiting until `release()` (a sync in progress); `itemPrices` and
 * `customers` replace the ERP's lists (what Business Central may send). With kind
 * 'business-central' the app treats the customers table as a copy, as it does for the real one.
 */
export function controllableErp(db: Database, kind: Erp['kind'] = 'built-in') {
  const real = createBuiltInErp(db);
  const state = {
    down: false,
    reason: 'Business Central did not answer within 30 s',
    itemPrices: null as Awaited<ReturnType<Erp['listItemPrices']>> | null,
    customers: null as Awaited<ReturnType<Erp['listCustomers']>> | null,
    held: null as Promise<void> | null,
    release: () => {},
  };
  async function call<T>(run: () => Promise<T>): Promise<T> {
    if (state.held) await state.held;
    if (state.down) throw new ErpUnavailable(state.reason);
    return run();
  }
  const erp: Erp = {
    kind,
    findCustomer: (query) => call(() => real.findCustomer(query)),
    createCustomer: (input) => call(() => real.createCustomer(input)),
    updateCustomer: (customer, changes) => call(() => real.updateCustomer(customer, changes)),
    listCustomers: () => call(async () => state.customers ?? real.listCustomers()),
    listItemPrices: (sources) => call(async () => state.itemPrices ?? real.listItemPrices(sources)),
    findSalesOrder: (number) => call(() => real.findSalesOrder(number)),
    createSalesOrder: (input) => call(() => real.createSalesOrder(input)),
    salesOrderProgress: (salesOrder) => call(() => real.salesOrderProgress(salesOrder)),
    invoicePdf: (invoiceId) => call(() => real.invoicePdf(invoiceId)),
  };
  return {
    erp,
    state,
    /** From now on, ERP calls wait until release() is called. */
    hold() {
      state.held = new Promise<void>((resolve) => {
        state.release = () => {
          state.held = null;
          resolve();
        };
      });
    },
  };
}

export type ControllableErp = ReturnType<typeof controllableErp>;
