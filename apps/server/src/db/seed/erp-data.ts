import type { BuiltInPriceListLine } from '../schema/erp.ts';
import { seedProducts } from './catalog-data.ts';

/**
 * The built-in ERP's items for the demo (what Business Central's items and price lists are in
 * production), made so the first 'Sync All Prices from BC' shows every outcome:
 * - most items carry the shop's own prices: unchanged;
 * - a few have a unit price about 4% higher (the office raised them): updated;
 * - one shop product has no item (a discontinued model the office removed): a failure with its
 *   reason;
 * - two items are spare parts the shop does not sell online: "missing in shop" in the preview.
 * Price list lines: WHOLESALE from 1 piece (the wholesale price) and PARTNER from 3 pieces (the
 * partner price, where the product has one), for ERP_PRICE_WHOLESALE=priceList:WHOLESALE and
 * ERP_PRICE_PARTNER_X3=priceList:PARTNER.
 * None of these products is one whose price the browser tests check.
 */

export interface SeedErpItem {
  number: string;
  displayName: string;
  blocked: boolean;
  unitPriceCents: number;
  priceListLines: BuiltInPriceListLine[];
}

/** Products whose ERP unit price is about 4% above the shop's retail price. */
export const ERP_RAISED_PRODUCTS = [
  'VB-16',
  'PL-10',
  'DC-400',
  'MT-12',
  'SB-2',
  'CE-9',
  'LM-5',
  'VM-2',
] as const;

/** The shop product the ERP has no item for. */
export const ERP_MISSING_PRODUCT = 'AG-210-LH';

/** Items the ERP has and the shop does not sell. */
export const ERP_ONLY_ITEMS: readonly SeedErpItem[] = [
  {
    number: 'RP-118',
    displayName: 'Wheel Guard Casting, AG Series (service part)',
    blocked: false,
    unitPriceCents: 4_250,
    priceListLines: [{ code: 'WHOLESALE', minimumQuantity: 1, unitPriceCents: 3_650 }],
  },
  {
    number: 'RP-733',
    displayName: 'Vacuum Mixer Lid Gasket (service part)',
    blocked: false,
    unitPriceCents: 1_375,
    priceListLines: [{ code: 'WHOLESALE', minimumQuantity: 1, unitPriceCents: 1_180 }],
  },
];

/** About 4% more, rounded to whole dollars (to 5 cents under $100), as an office would price it. */
export function raisedPriceCents(cents: number): number {
  const raised = cents * 1.04;
  return cents >= 10_000 ? Math.round(raised / 100) * 100 : Math.round(raised / 5) * 5;
}

export const seedErpItems: SeedErpItem[] = [
  ...seedProducts
    .filter((product) => product.number !== ERP_MISSING_PRODUCT)
    .map((product) => {
      const raised = (ERP_RAISED_PRODUCTS as readonly string[]).includes(product.number);
      const lines: BuiltInPriceListLine[] = [
        { code: 'WHOLESALE', minimumQuantity: 1, unitPriceCents: product.wholesalePriceCents },
      ];
      if (product.partnerPriceX3Cents !== null) {
        lines.push({
          code: 'PARTNER',
          minimumQuantity: 3,
          unitPriceCents: product.partnerPriceX3Cents,
        });
      }
      return {
        number: product.number,
        displayName: product.title,
        blocked: false,
        unitPriceCents: raised ? raisedPriceCents(product.newPriceCents) : product.newPriceCents,
        priceListLines: lines,
      };
    }),
  ...ERP_ONLY_ITEMS,
];
