import { normalizeCouponCode } from '@labshop/shared/pricing';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coupons } from '../../db/schema/index.ts';

/** The one owner of `coupons` (decision 017). */
export function createCouponsRepo(db: Database) {
  return {
    /** An active coupon, matched case-insensitively. */
    async activeCoupon(code: string): Promise<{ code: string; percent: number } | null> {
      const [row] = await db
        .select({ code: coupons.code, percent: coupons.percent })
        .from(coupons)
        .where(
          and(sql`lower(${coupons.code}) = ${normalizeCouponCode(code)}`, eq(coupons.active, true)),
        )
        .limit(1);
      return row ?? null;
    },
  };
}

export type CouponsRepo = ReturnType<typeof createCouponsRepo>;
