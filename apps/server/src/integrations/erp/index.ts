import type { FastifyBaseLogger } from 'fastify';
import type { ErpConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { createBuiltInErp } from './built-in.ts';
import { createBusinessCentralErp } from './business-central.ts';
import type { Erp } from './port.ts';

/** The configured ERP: the built-in tables (embedded mode) or Business Central (ERP=business-central). */
export function createErp(config: ErpConfig, db: Database, log: FastifyBaseLogger): Erp {
  switch (config.kind) {
    case 'built-in':
      return createBuiltInErp(db);
    case 'business-central':
      log.info(
        { environment: config.environment, company: config.company },
        'erp: Business Central',
      );
      if (!config.freightAccount) {
        // Said at start: otherwise the first order with freight is where anyone finds out.
        log.warn(
          "erp: BC_FREIGHT_ACCOUNT is not set: orders with freight (a quote's, or the freight table's) are not sent to Business Central until it is",
        );
      }
      return createBusinessCentralErp(config, { log });
  }
}
