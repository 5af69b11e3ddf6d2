import { centsToDollars, dollarsToCents } from '@labshop/shared/money';
import { priceCart, MAX_LINE_QUANTITY } from '@labshop/shared/pricing';
import {
  QUOTE_MESSAGES,
  QUOTE_LIMITS,
  QUOTE_STATUSES,
  QUOTES_PAGE_SIZE,
  type QuoteStatus,
} from '@labshop/shared/schemas/quotes';
import type {
  AdminQuotesAnswer,
  Quote,
  QuoteRequestInput,
  QuoteSummary,
  QuotesAnswer,
  QuoteUpdateInput,
} from '@labshop/shared/schemas/quotes-dto';
import type { z } from 'zod';
import { AppError } from '../../core/app-error.ts';
import { dayIn, dayText, plusDays } from '../../core/shop-days.ts';
import type { Database } from '../../db/client.ts';
import type { LabOrdersOwner } from '../../db/orders-repo.ts';
import type { RequestUser } from '../../http/access.ts';
import { changedFields, type AuditContext, type AuditLog } from '../audit/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { enqueueQuoteMail } from './mail.ts';
import type { NewQuoteLine, QuoteLineRow, QuotesRepo, QuoteView } from './repo.ts';
import { lineTotalCents, subtotalCents } from './totals.ts';

type RequestFields = z.output<typeof QuoteRequestInput>;
type UpdateFields = z.output<typeof QuoteUpdateInput>;

/** A quote as it may be paid: its lines and freight at the quoted prices. */
export interface PayableQuote {
  id: string;
  number: string;
  lines: QuoteLineRow[];
  freightCents: number;
  poNumber: string | null;
}

/**
 * Quotes (issue 37): a signed-in lab asks for one from its cart, the staff price it (lines,
 * freight, validity, note) and send it, and the lab accepts or declines it while it is valid.
 * An accepted quote is paid through the checkout at exactly its stored prices (payable()).
 */
export function createQuotesService(deps: {
  repo: QuotesRepo;
  catalog: Pick<CatalogService, 'productsForSale'>;
  /** The lab a user belongs to, as the account sees it (orders and quotes alike). */
  account: { owner(user: RequestUser): Promise<LabOrdersOwner> };
  /** Each staff change is written with its audit entry, in one transaction (repoOf(tx)). */
  audit: Pick<AuditLog, 'transaction'>;
  repoOf: (tx: Database) => QuotesRepo;
  timeZone: string;
}) {
  const { repo, catalog, account, audit, repoOf } = deps;
  const today = () => dayIn(deps.timeZone);

  function summaryOf(view: QuoteView, lines: readonly QuoteLineRow[]): QuoteSummary {
    const { quote } = view;
    const subtotal = subtotalCents(lines);
    return {
      number: quote.number,
      status: view.status,
      requestedAt: quote.createdAt.toISOString(),
      validUntil: quote.validUntil,
      email: quote.email,
      customerName: quote.customerName,
      customerNumber: quote.customerNumber,
      poNumber: quote.poNumber,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      total: centsToDollars(subtotal + (quote.freightCents ?? 0)),
      orderNumber: view.orderNumber,
    };
  }

  async function summaries(views: readonly QuoteView[]): Promise<QuoteSummary[]> {
    const lines = await repo.linesOf(views.map((view) => view.quote.id));
    return views.map((view) =>
      summaryOf(
        view,
        lines.filter((line) => line.quoteId === view.quote.id),
      ),
    );
  }

  async function quoteOf(view: QuoteView): Promise<Quote> {
    const { quote } = view;
    const lines = await repo.linesOf([quote.id]);
    const open = view.status === 'sent';
    return {
      ...summaryOf(view, lines),
      message: quote.message,
      note: quote.note,
      sentAt: quote.sentAt?.toISOString() ?? null,
      acceptedAt: quote.acceptedAt?.toISOString() ?? null,
      declinedAt: quote.declinedAt?.toISOString() ?? null,
      shipTo: {
        firstName: quote.shipFirstName,
        lastName: quote.shipLastName,
        phone: quote.shipPhone,
        address: quote.shipAddress,
        city: quote.shipCity,
        state: quote.shipState,
        zip: quote.shipZip,
        country: quote.shipCountry,
      },
      lines: lines.map((line) => ({
        number: line.productNumber,
        title: line.title,
        quantity: line.quantity,
        unitPrice: centsToDollars(line.unitPriceCents),
        lineTotal: centsToDollars(lineTotalCents(line)),
        listPrice: line.listPriceCents === null ? null : centsToDollars(line.listPriceCents),
      })),
      subtotal: centsToDollars(subtotalCents(lines)),
      freight: quote.freightCents === null ? null : centsToDollars(quote.freightCents),
      canAccept: open,
      canPay: view.status === 'accepted' && view.orderNumber === null,
    };
  }

  async function ownedView(user: RequestUser, number: string): Promise<QuoteView> {
    const view = await repo.view(number, today(), await account.owner(user));
    if (!view) throw new AppError('not_found', QUOTE_MESSAGES.notFound);
    return view;
  }

  async function adminView(number: string): Promise<QuoteView> {
    const view = await repo.view(number, today());
    if (!view) throw new AppError('not_found', QUOTE_MESSAGES.adminNotFound);
    return view;
  }

  /** The same product named twice is one line of the summed quantity (999 at most). */
  function mergedLines<T extends { number: string; quantity: number }>(lines: readonly T[]): T[] {
    const byNumber = new Map<string, T>();
    for (const line of lines) {
      const key = line.number.toUpperCase();
      const seen = byNumber.get(key);
      if (seen) seen.quantity = Math.min(MAX_LINE_QUANTITY, seen.quantity + line.quantity);
      else byNumber.set(key, { ...line });
    }
    return [...byNumber.values()];
  }

  /** Why the lab cannot answer: expired (with its day), or not waiting for an answer. */
  function notOpen(view: QuoteView): AppError {
    return view.status === 'expired' && view.quote.validUntil
      ? new AppError('conflict', QUOTE_MESSAGES.expired(dayText(view.quote.validUntil)))
      : new AppError('conflict', QUOTE_MESSAGES.notOpen);
  }

  async function answer(user: RequestUser, number: string, to: 'accepted' | 'declined') {
    const view = await ownedView(user, number);
    if (view.status !== 'sent') throw notOpen(view);
    const changed = await repo.answer(view.quote.id, to, today());
    // Expired or answered between the read and the write: say what it is now.
    if (!changed) throw notOpen((await repo.view(number, today())) ?? view);
    return quoteOf((await repo.view(number, today())) ?? view);
  }

  /** The staff's version as the audit log records it: dollars, like the screen. */
  const auditRecord = (view: QuoteView, lines: readonly QuoteLineRow[] | NewQuoteLine[]) => ({
    lines: lines.map((line) => ({
      number: line.productNumber,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
    })),
    freight: view.quote.freightCents === null ? null : centsToDollars(view.quote.freightCents),
    validUntil: view.quote.validUntil,
    note: view.quote.note,
  });

  return {
    /** POST /api/account/quotes: a request from the cart, priced at today's wholesale prices. */
    async request(user: RequestUser, input: RequestFields): Promise<Quote> {
      const lines = mergedLines(input.lines);
      const products = await catalog.productsForSale(lines.map((line) => line.number));
      const priced = priceCart(
        lines.map((line) => {
          const product = products.get(line.number);
          if (!product)
            throw new AppError('bad_request', QUOTE_MESSAGES.unknownProduct(line.number));
          if (!product.available) {
            throw new AppError('bad_request', QUOTE_MESSAGES.productUnavailable(product.title));
          }
          return { ...product, quantity: line.quantity };
        }),
        'wholesale',
      );
      const owner = await account.owner(user);
      const { shipTo } = input;
      const quote = await repo.create(
        {
          userSubject: user.subject,
          email: user.email ?? '',
          customerName: user.name?.trim() || `${shipTo.firstName} ${shipTo.lastName}`,
          customerNumber: owner.customerNumber,
          message: input.message,
          poNumber: input.poNumber || null,
          shipFirstName: shipTo.firstName,
          shipLastName: shipTo.lastName,
          shipPhone: shipTo.phone,
          shipAddress: shipTo.address,
          shipCity: shipTo.city,
          shipState: shipTo.state,
          shipZip: shipTo.zip,
          shipCountry: shipTo.country,
        },
        priced.lines.map((line, position) => ({
          position,
          productNumber: line.number,
          title: line.title,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          listPriceCents: line.unitPriceCents,
        })),
        (tx, row) => enqueueQuoteMail(tx, row.number, 'requested'),
      );
      return quoteOf({ quote, status: 'requested', orderNumber: null });
    },

    async list(user: RequestUser, page: number): Promise<QuotesAnswer> {
      const { rows, total } = await repo.ownedPage(await account.owner(user), today(), {
        limit: QUOTES_PAGE_SIZE,
        offset: (page - 1) * QUOTES_PAGE_SIZE,
      });
      return { quotes: await summaries(rows), total, page, pageSize: QUOTES_PAGE_SIZE };
    },

    async quote(user: RequestUser, number: string): Promise<Quote> {
      return quoteOf(await ownedView(user, number));
    },

    accept: (user: RequestUser, number: string) => answer(user, number, 'accepted'),
    decline: (user: RequestUser, number: string) => answer(user, number, 'declined'),

    /**
     * The checkout's quote: the user's lab's, accepted and still valid today. Its order (one
     * per quote) is found or made by the checkout; the prices are these, never the browser's.
     */
    async payable(user: RequestUser, number: string): Promise<PayableQuote> {
      const view = await ownedView(user, number);
      if (view.status === 'expired') throw notOpen(view);
      if (view.status !== 'accepted') {
        throw new AppError('conflict', QUOTE_MESSAGES.notPayable);
      }
      return {
        id: view.quote.id,
        number: view.quote.number,
        lines: await repo.linesOf([view.quote.id]),
        freightCents: view.quote.freightCents ?? 0,
        poNumber: view.quote.poNumber,
      };
    },

    // --- The admin's ----------------------------------------------------------------------

    async adminList(query: {
      page: number;
      search: string;
      status?: QuoteStatus;
    }): Promise<AdminQuotesAnswer> {
      const day = today();
      const [{ rows, total }, counts] = await Promise.all([
        repo.adminPage({ search: query.search, status: query.status }, day, {
          limit: QUOTES_PAGE_SIZE,
          offset: (query.page - 1) * QUOTES_PAGE_SIZE,
        }),
        repo.statusCounts(query.search, day),
      ]);
      return {
        quotes: await summaries(rows),
        total,
        page: query.page,
        pageSize: QUOTES_PAGE_SIZE,
        counts: Object.fromEntries(
          QUOTE_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
        ) as AdminQuotesAnswer['counts'],
      };
    },

    async adminQuote(number: string): Promise<Quote> {
      return quoteOf(await adminView(number));
    },

    /** PUT /api/admin/quotes/{number}: the staff's prices, freight, validity and note. */
    async update(number: string, input: UpdateFields, context: AuditContext): Promise<Quote> {
      const view = await adminView(number);
      const day = today();
      if (input.validUntil !== null && input.validUntil !== view.quote.validUntil) {
        if (input.validUntil < day) {
          throw new AppError('bad_request', QUOTE_MESSAGES.validUntilPast);
        }
        if (input.validUntil > plusDays(day, QUOTE_LIMITS.validForMaxDays)) {
          throw new AppError('bad_request', QUOTE_MESSAGES.validUntilFar);
        }
      }
      const lines = mergedLines(input.lines);
      const [products, before] = await Promise.all([
        catalog.productsForSale(lines.map((line) => line.number)),
        repo.linesOf([view.quote.id]),
      ]);
      const kept = new Map(before.map((line) => [line.productNumber, line]));
      const newLines: NewQuoteLine[] = lines.map((line, position) => {
        const product = products.get(line.number);
        const old = kept.get(product?.number ?? line.number);
        if (!product && !old) {
          throw new AppError('bad_request', QUOTE_MESSAGES.unknownProduct(line.number));
        }
        return {
          position,
          productNumber: product?.number ?? line.number,
          title: old?.title ?? product?.title ?? line.number,
          quantity: line.quantity,
          unitPriceCents: dollarsToCents(line.unitPrice),
          listPriceCents:
            old?.listPriceCents ??
            (product
              ? priceCart([{ ...product, quantity: line.quantity }], 'wholesale').lines[0]!
                  .unitPriceCents
              : null),
        };
      });
      const changes = {
        freightCents: input.freight === null ? null : dollarsToCents(input.freight),
        validUntil: input.validUntil,
        note: input.note,
      };
      await audit.transaction(context, async (tx, record) => {
        const updated = await repoOf(tx).update(view.quote.id, changes, newLines);
        if (!updated) throw new AppError('conflict', QUOTE_MESSAGES.closed);
        const diff = changedFields(
          auditRecord(view, before),
          auditRecord({ ...view, quote: updated }, newLines),
        );
        if (diff)
          record({ action: 'quote.update', entityType: 'quote', entityId: number, ...diff });
      });
      return quoteOf((await repo.view(number, day)) ?? view);
    },

    /** POST /api/admin/quotes/{number}/send: sent (again) to the lab, by mail with its link. */
    async send(number: string, context: AuditContext): Promise<Quote> {
      const view = await adminView(number);
      if (view.quote.status === 'accepted' || view.quote.status === 'declined') {
        throw new AppError('conflict', QUOTE_MESSAGES.closed);
      }
      if (!view.quote.validUntil) {
        throw new AppError('conflict', QUOTE_MESSAGES.validUntilMissing);
      }
      if (view.quote.validUntil < today()) {
        throw new AppError('bad_request', QUOTE_MESSAGES.validUntilPast);
      }
      await audit.transaction(context, async (tx, record) => {
        const sent = await repoOf(tx).markSent(view.quote.id, (writer, row) =>
          enqueueQuoteMail(writer, number, 'sent', row.sentAt),
        );
        if (!sent) throw new AppError('conflict', QUOTE_MESSAGES.closed);
        record({
          action: 'quote.send',
          entityType: 'quote',
          entityId: number,
          before: { status: view.quote.status },
          after: { status: 'sent', to: view.quote.email, validUntil: view.quote.validUntil },
        });
      });
      return quoteOf((await repo.view(number, today())) ?? view);
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
