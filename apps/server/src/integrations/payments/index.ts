import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config/index.ts';
import { createCardPointeGateway } from './cardpointe.ts';
import type { PaymentGateway } from './port.ts';
import { createSandboxGateway } from './sandbox.ts';

export interface PaymentGatewayOptions {
  /** The site's origin (PUBLIC_URL's): the sandbox tokenizer page is served from it. */
  siteOrigin: string;
  log: FastifyBaseLogger;
}

/** The configured card gateway: the sandbox in embedded mode, CardPointe with PAYMENT_GATEWAY=cardpointe. */
export function createPaymentGateway(
  config: PaymentsConfig,
  options: PaymentGatewayOptions,
): PaymentGateway {
  switch (config.kind) {
    case 'sandbox':
      options.log.info(
        'payments: the sandbox gateway is charging (test cards only; set PAYMENT_GATEWAY=cardpointe for real payments)',
      );
      return createSandboxGateway({ siteOrigin: options.siteOrigin, log: options.log });
    case 'cardpointe':
      return createCardPointeGateway(config, { log: options.log });
  }
}
