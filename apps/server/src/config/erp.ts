import type { SyncedPriceField } from '@labshop/shared/schemas/erp';
import { z } from 'zod';
import type { PriceSource } from '../integrations/erp/port.ts';
import {
  ConfigError,
  enumField,
  numberField,
  requireAlongside,
  secretField,
  urlField,
  type VarsOf,
} from './fields.ts';

/** Which ERP price feeds a shop price (PriceSource in integrations/erp/port.ts), or 'keep'. */
const priceSource = z
  .string()
  .regex(
    /^(keep|unitPrice|priceList:[\w-]+(:\d+)?)$/,
    'must be keep, unitPrice, or priceList:<CODE> with an optional :<minimum quantity>',
  )
  .transform((value) => value as PriceSource | 'keep');

/** The business system (built-in tables or Business Central) and the price sync's mapping. */
export const erpFields = {
  ERP: enumField(['built-in', 'business-central'], { default: 'built-in' }),
  BC_TENANT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'must be the Entra tenant id (a GUID) or domain')
    .optional(),
  BC_ENVIRONMENT: z
    .string()
    .regex(/^[\w-]+$/, 'must be the environment name, e.g. production')
    .default('production'),
  BC_COMPANY: z.string().trim().min(1, 'must be the company id (a GUID) or its name').optional(),
  BC_CLIENT_ID: z.string().optional(),
  BC_CLIENT_SECRET: secretField(),
  BC_TOKEN_URL: urlField(),
  BC_API_URL: urlField({ default: 'https://api.businesscentral.dynamics.com' }),
  BC_SCOPE: z.string().default('https://api.businesscentral.dynamics.com/.default'),
  // At most 120 s, well under the outbox lease (5 minutes): a job never outlives its claim.
  BC_TIMEOUT_SECONDS: numberField({ of: 'a number of seconds', min: 1, max: 120, default: 30 }),
  BC_MAX_RETRIES: numberField({
    of: 'a whole number',
    integer: true,
    min: 0,
    max: 10,
    default: 4,
  }),
  BC_PAGE_SIZE: numberField({
    of: 'a whole number',
    integer: true,
    min: 1,
    max: 20_000,
    maxMeans: 'the server cap',
    default: 1000,
  }),
  BC_PRICE_LIST_API: z
    .string()
    .regex(
      /^[\w-]+\/[\w-]+\/v\d+\.\d+$/,
      'must be publisher/group/version of the custom price list API, e.g. labshop/pricing/v1.0',
    )
    .optional(),
  // The G/L account a sales order's freight line is booked to (issue 37); the shop's freight
  // is a line of its own, lineType Account.
  BC_FREIGHT_ACCOUNT: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,20}$/, 'must be a G/L account number, e.g. 6810')
    .optional(),
  ERP_PRICE_NEW: priceSource.default('unitPrice'),
  ERP_PRICE_WHOLESALE: priceSource.default('keep'),
  ERP_PRICE_PARTNER_X3: priceSource.default('keep'),
};

/** The business system: the built-in tables, or Business Central's API v2.0. */
export type ErpConfig =
  | { kind: 'built-in' }
  | {
      kind: 'business-central';
      tenantId: string;
      environment: string;
      /** The company's id (GUID), or its name, looked up once in /companies. */
      company: string;
      clientId: string;
      clientSecret: string;
      /** Entra ID's token endpoint (default https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token). */
      tokenUrl: string;
      /** Without a trailing slash, e.g. https://api.businesscentral.dynamics.com. */
      apiUrl: string;
      scope: string;
      timeoutMs: number;
      /** Retries of a 429 or 5xx answer (Retry-After honoured), after the first attempt. */
      maxRetries: number;
      /** Prefer: odata.maxpagesize. */
      pageSize: number;
      /** publisher/group/version of the custom API serving priceListLines; null: none. */
      priceListApi: string | null;
      /** The G/L account of the freight line; null: an order with freight cannot be sent. */
      freightAccount: string | null;
    };

export interface ErpSettings {
  erp: ErpConfig;
  /** Which ERP price feeds each shop price in the price sync ('keep': left alone). */
  priceMapping: Record<SyncedPriceField, PriceSource | 'keep'>;
}

export function erpSettings(vars: VarsOf<typeof erpFields>): ErpSettings {
  return {
    erp: erpConfig(vars),
    priceMapping: {
      newPrice: vars.ERP_PRICE_NEW,
      wholesalePrice: vars.ERP_PRICE_WHOLESALE,
      partnerPricex3: vars.ERP_PRICE_PARTNER_X3,
    },
  };
}

function erpConfig(vars: VarsOf<typeof erpFields>): ErpConfig {
  if (vars.ERP === 'built-in') return { kind: 'built-in' };
  requireAlongside(vars, 'ERP', ['BC_TENANT_ID', 'BC_COMPANY', 'BC_CLIENT_ID', 'BC_CLIENT_SECRET']);
  const priceLists = [vars.ERP_PRICE_NEW, vars.ERP_PRICE_WHOLESALE, vars.ERP_PRICE_PARTNER_X3];
  if (!vars.BC_PRICE_LIST_API && priceLists.some((source) => source.startsWith('priceList:'))) {
    throw new ConfigError([
      'BC_PRICE_LIST_API: is required when an ERP_PRICE_* variable names a priceList (Business Central has no standard price list endpoint)',
    ]);
  }
  const tenantId = vars.BC_TENANT_ID ?? '';
  return {
    kind: 'business-central',
    tenantId,
    environment: vars.BC_ENVIRONMENT,
    company: vars.BC_COMPANY ?? '',
    clientId: vars.BC_CLIENT_ID ?? '',
    clientSecret: vars.BC_CLIENT_SECRET ?? '',
    tokenUrl:
      vars.BC_TOKEN_URL ??
      `https://login.microsoftonline.com/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
    apiUrl: vars.BC_API_URL.replace(/\/+$/, ''),
    scope: vars.BC_SCOPE,
    timeoutMs: vars.BC_TIMEOUT_SECONDS * 1000,
    maxRetries: vars.BC_MAX_RETRIES,
    pageSize: vars.BC_PAGE_SIZE,
    priceListApi: vars.BC_PRICE_LIST_API ?? null,
    freightAccount: vars.BC_FREIGHT_ACCOUNT ?? null,
  };
}
