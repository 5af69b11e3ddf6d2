import { MAX_LINE_QUANTITY, priceCart, type PricingLine } from '@labshop/shared/pricing';
import {
  mergedLinesNote,
  parseQuickOrder,
  QUICK_ORDER_MESSAGES,
  type QuickOrderAnswer,
  type QuickOrderInputLine,
  type QuickOrderLine,
} from '@labshop/shared/quick-order';
import { isUnavailable } from '@labshop/shared/schemas/catalog';
import { AppError } from '../../core/app-error.ts';
import type { Viewer } from './answers.ts';
import type { ProductRow, ProductsRepo } from './products-repo.ts';

/**
 * POST /api/quick-order (issue 36): the text's lines resolved to products, with their prices at
 * the caller's tier (pricing.ts, as the cart and checkout price), or each line's error. Lines
 * naming one product are merged. All numbers are read in one query, from the database: a quick
 * order is not asked for twice, so the read cache would only hold it.
 */

/** Numbers no product can have are not worth a query (nor a database error for a NUL byte). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const IMPOSSIBLE_NUMBER = /[\u0000-\u001f\u007f]/;
const MAX_NUMBER_LENGTH = 100;

/** Lines naming one product (in any case) with a valid quantity: one line of the answer. */
interface Group {
  first: QuickOrderInputLine;
  lines: number[];
  /** The quantities added; null for a line whose quantity is not valid (never merged). */
  quantity: number | null;
}

function groupLines(lines: readonly QuickOrderInputLine[]): Group[] {
  const groups: Group[] = [];
  const byNumber = new Map<string, Group>();
  for (const line of lines) {
    if (line.quantity === null) {
      groups.push({ first: line, lines: [line.line], quantity: null });
      continue;
    }
    const key = line.number.toLowerCase();
    const held = byNumber.get(key);
    if (held) {
      held.lines.push(line.line);
      held.quantity = (held.quantity ?? 0) + line.quantity;
      continue;
    }
    const group = { first: line, lines: [line.line], quantity: line.quantity };
    byNumber.set(key, group);
    groups.push(group);
  }
  return groups;
}

export function createQuickOrderService({
  repo,
}: {
  repo: Pick<ProductsRepo, 'productsByNumbers'>;
}) {
  return {
    async quickOrder(text: string, viewer: Viewer): Promise<QuickOrderAnswer> {
      const parsed = parseQuickOrder(text);
      if (parsed.error !== null) throw new AppError('bad_request', parsed.error);
      const groups = groupLines(parsed.lines);
      const wanted = groups
        .map((group) => group.first.number)
        .filter((number) => number.length <= MAX_NUMBER_LENGTH && !IMPOSSIBLE_NUMBER.test(number));
      const rows = await repo.productsByNumbers(wanted);
      const byNumber = new Map<string, ProductRow>(
        rows.map((row) => [row.number.toLowerCase(), row]),
      );

      const answerLines: QuickOrderLine[] = [];
      // The lines that can go into the cart, priced together below, by their answer line.
      const forSale = new Map<number, PricingLine>();
      for (const group of groups) {
        const product = byNumber.get(group.first.number.toLowerCase());
        const quantity =
          group.quantity === null ? null : Math.min(group.quantity, MAX_LINE_QUANTITY);
        const error =
          quantity === null
            ? QUICK_ORDER_MESSAGES.badQuantity
            : !product
              ? QUICK_ORDER_MESSAGES.unknownNumber
              : isUnavailable(product)
                ? QUICK_ORDER_MESSAGES.notAvailable
                : null;
        const notes = [
          group.lines.length > 1 ? mergedLinesNote(group.lines) : null,
          quantity !== null && quantity < (group.quantity ?? 0)
            ? QUICK_ORDER_MESSAGES.capped
            : null,
        ].filter((note) => note !== null);
        if (error === null && product && quantity !== null) {
          forSale.set(answerLines.length, {
            number: product.number,
            title: product.title,
            quantity,
            prices: {
              newPriceCents: product.newPriceCents,
              wholesalePriceCents: product.wholesalePriceCents,
              partnerPriceX3Cents: product.partnerPriceX3Cents,
            },
          });
        }
        answerLines.push({
          lines: group.lines,
          text: group.first.text,
          number: product?.number ?? group.first.number,
          title: product?.title ?? null,
          quantity,
          unitPriceCents: null,
          lineTotalCents: null,
          error,
          note: notes.length > 0 ? notes.join(' ') : null,
        });
      }

      const tier = viewer.seesPartnerPrices ? 'wholesale' : 'retail';
      const priced = priceCart([...forSale.values()], tier);
      [...forSale.keys()].forEach((index, position) => {
        const line = priced.lines[position]!;
        answerLines[index] = {
          ...answerLines[index]!,
          unitPriceCents: line.unitPriceCents,
          lineTotalCents: line.lineTotalCents,
        };
      });
      return {
        tier,
        lines: answerLines,
        readyCount: forSale.size,
        totalCents: priced.subtotalCents,
      };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
