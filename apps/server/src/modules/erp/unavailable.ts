import { ERP_MESSAGES } from '@labshop/shared/schemas/erp';
import { AppError } from '../../core/app-error.ts';
import { ErpUnavailable } from '../../integrations/erp/port.ts';

/**
 * How an ERP call that failed is answered: the ERP out of reach (ErpUnavailable, with the
 * integration's clear reason) is 503 with ERP_MESSAGES.erpUnavailable(reason); anything else is
 * left as it is (a server error).
 */
export function unavailableAs503(error: unknown): unknown {
  return error instanceof ErpUnavailable
    ? new AppError('unavailable', ERP_MESSAGES.erpUnavailable(error.message))
    : error;
}
