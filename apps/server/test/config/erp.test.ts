import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

describe('loadConfig: ERP and price mapping', () => {
  const bcVars = {
    ERP: 'business-central',
    BC_TENANT_ID: 'contoso.onmicrosoft.com',
    BC_COMPANY: 'CRONUS USA, Inc.',
    BC_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
    BC_CLIENT_SECRET: 'secret-example',
  };

  function problemsOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it('uses the built-in ERP with the retail price from the unit price by default', () => {
    const config = loadConfig({});
    expect(config.erp).toEqual({ kind: 'built-in' });
    expect(config.priceMapping).toEqual({
      newPrice: 'unitPrice',
      wholesalePrice: 'keep',
      partnerPricex3: 'keep',
    });
  });

  it('connects to Business Central with its defaults', () => {
    expect(loadConfig(bcVars).erp).toEqual({
      kind: 'business-central',
      tenantId: 'contoso.onmicrosoft.com',
      environment: 'production',
      company: 'CRONUS USA, Inc.',
      clientId: '11111111-2222-3333-4444-555555555555',
      clientSecret: 'secret-example',
      tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      apiUrl: 'https://api.businesscentral.dynamics.com',
      scope: 'https://api.businesscentral.dynamics.com/.default',
      timeoutMs: 30_000,
      maxRetries: 4,
      pageSize: 1000,
      priceListApi: null,
      freightAccount: null,
    });
  });

  it('names each variable Business Central still needs', () => {
    expect(problemsOf({ ERP: 'business-central', BC_TENANT_ID: 'contoso' })).toEqual([
      'BC_COMPANY: is required when ERP is set',
      'BC_CLIENT_ID: is required when ERP is set',
      'BC_CLIENT_SECRET: is required when ERP is set',
    ]);
  });

  it('takes price lists only with the custom API that serves them', () => {
    const mapped = {
      ...bcVars,
      ERP_PRICE_WHOLESALE: 'priceList:WHOLESALE',
      ERP_PRICE_PARTNER_X3: 'priceList:PARTNER:3',
    };
    expect(problemsOf(mapped)[0]).toMatch(/^BC_PRICE_LIST_API: is required/);
    const config = loadConfig({ ...mapped, BC_PRICE_LIST_API: 'labshop/pricing/v1.0' });
    expect(config.priceMapping).toEqual({
      newPrice: 'unitPrice',
      wholesalePrice: 'priceList:WHOLESALE',
      partnerPricex3: 'priceList:PARTNER:3',
    });
  });

  it('refuses an unknown price source, ERP or page size', () => {
    const problems = problemsOf({ ERP: 'sap', ERP_PRICE_NEW: 'listPrice', BC_PAGE_SIZE: '50000' });
    expect(problems).toContain('ERP: must be built-in or business-central');
    expect(problems).toContain(
      'ERP_PRICE_NEW: must be keep, unitPrice, or priceList:<CODE> with an optional :<minimum quantity>',
    );
    expect(problems).toContain('BC_PAGE_SIZE: must be at most 20000 (the server cap)');
  });
});
