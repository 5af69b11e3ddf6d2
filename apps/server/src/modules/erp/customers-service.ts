import {
  CUSTOMER_FIELDS,
  customerMatches,
  type CustomerDto,
  type CustomersAnswer,
} from '@labshop/shared/schemas/erp';
import { toCsv } from '../../http/csv.ts';
import type { Erp } from '../../integrations/erp/port.ts';
import { exportChange, type AuditContext, type AuditLog } from '../audit/service.ts';
import type { SyncLedger } from './ledger.ts';
import { unavailableAs503 } from './unavailable.ts';
import type { CustomerRow, ErpRepo } from './repo.ts';

/**
 * The admin's 'List of Customers' (SPEC.md; docs/decisions/005): answered from our copy in the
 * customers table, refreshed from the ERP on demand, so the page opens at once and works while
 * the ERP is briefly down. In embedded mode the table is the built-in ERP's own data.
 */

export const CUSTOMERS_CSV_FILENAME = 'customers.csv';

function customerDto(row: CustomerRow): CustomerDto {
  return {
    displayName: row.displayName,
    type: row.type,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    country: row.country,
    phoneNumber: row.phoneNumber,
    email: row.email,
    website: row.website,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export interface CustomersServiceDeps {
  repo: ErpRepo;
  erp: Erp;
  ledger: SyncLedger;
  log: { info(object: unknown, message: string): void };
  /** Refreshes and exports (customers' personal data) are logged. */
  audit: Pick<AuditLog, 'record'>;
}

export function createCustomersService({ repo, erp, ledger, log, audit }: CustomersServiceDeps) {
  /** Every customer in the copy, by display name (then number), as the ten fields. */
  async function sortedCustomers(): Promise<CustomerDto[]> {
    const rows = await repo.customers();
    rows.sort(
      (a, b) => byName.compare(a.displayName, b.displayName) || byName.compare(a.number, b.number),
    );
    return rows.map(customerDto);
  }

  async function answer(): Promise<CustomersAnswer> {
    // The built-in ERP's customers ARE this table: the copy is always current.
    if (erp.kind === 'built-in') {
      return {
        value: await sortedCustomers(),
        source: erp.kind,
        refreshedAt: new Date().toISOString(),
        refreshError: null,
      };
    }
    const [value, refreshed, failed] = await Promise.all([
      sortedCustomers(),
      ledger.latest('customers', 'succeeded'),
      ledger.latest('customers', 'failed'),
    ]);
    const refreshedAt = refreshed?.finishedAt ?? null;
    // A failure older than the copy no longer matters.
    const refreshError =
      failed?.finishedAt && (refreshedAt === null || failed.finishedAt > refreshedAt)
        ? { message: failed.error ?? '', at: failed.finishedAt.toISOString() }
        : null;
    return {
      value,
      source: erp.kind,
      refreshedAt: refreshedAt ? refreshedAt.toISOString() : null,
      refreshError,
    };
  }

  return {
    /** GET /api/customers: the copy, with how old it is and why the last refresh failed. */
    list: answer,

    /** One customer of the copy by number, for the checkout's customer number. */
    customerByNumber: (number: string) => repo.customerByNumber(number),
    /** The oldest customer of the copy with this e-mail (any case). */
    customerByEmail: (email: string) => repo.customerByEmail(email),
    /** That customer whole (addresses, phone): a signed-in user's lab. */
    customerRecordByEmail: (email: string) => repo.customerRecordByEmail(email),
    customerRecordByNumber: (number: string) => repo.customerRecordByNumber(number),
    customersByEmails: (emails: readonly string[]) => repo.customersByEmails(emails),

    /**
     * Pulls every customer from the ERP into the copy (one transaction), recorded in the
     * ledger. 409 while another refresh runs; 503 when the ERP cannot be reached (the ledger
     * row failed with the reason, the copy untouched).
     */
    async refresh(startedBy: string, context: AuditContext): Promise<CustomersAnswer> {
      const run = await ledger.start('customers', startedBy);
      try {
        const records = await erp.listCustomers();
        await run.setTotal(records.length);
        if (erp.kind === 'business-central') {
          const result = await repo.replaceCustomers(records);
          run.count({
            processed: records.length,
            updated: result.written,
            unchanged: result.unchanged,
          });
          log.info({ sync: run.id, ...result }, 'customer copy refreshed from the ERP');
        } else {
          // The built-in ERP's customers are this table: there is nothing to copy.
          run.count({ processed: records.length, unchanged: records.length });
        }
        await run.succeed();
        const { processed, updated, unchanged } = run.counters;
        await audit.record(context, {
          action: 'customers.refresh',
          entityType: 'customers',
          entityId: run.id,
          after: { source: erp.kind, processed, updated, unchanged },
        });
      } catch (error) {
        await run.fail(error instanceof Error ? error.message : String(error));
        throw unavailableAs503(error);
      }
      return answer();
    },

    /** customers.csv: the ten fields of every customer matching `search`, by display name. */
    async exportCsv(search: string, context: AuditContext): Promise<string> {
      const rows = (await sortedCustomers()).filter((customer) =>
        customerMatches(customer, search),
      );
      await audit.record(
        context,
        exportChange('customers.export', CUSTOMERS_CSV_FILENAME, { search, rows: rows.length }),
      );
      return toCsv(
        CUSTOMER_FIELDS,
        rows.map((customer) => CUSTOMER_FIELDS.map((field) => customer[field])),
      );
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
