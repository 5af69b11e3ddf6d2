import type { Database } from '../../db/client.ts';
import { createBuiltInErp } from './built-in.ts';
import type { Erp } from './port.ts';

/** The configured ERP: the built-in one (issue 7 adds Business Central behind the same port). */
export function createErp(db: Database): Erp {
  return createBuiltInErp(db);
}
