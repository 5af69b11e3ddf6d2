import type { AddressBookAnswer } from '@labshop/shared/schemas/address-book';
import { freightEstimateQuery, type FreightEstimateAnswer } from '@labshop/shared/schemas/freight';
import { isUsStateCode } from '@labshop/shared/us-states';
import { useEffect, useMemo, useState } from 'react';

/**
 * The freight estimate of a cart to a US state (issue 37), from GET /api/freight-estimate: what
 * the cart shows and the checkout adds to the amount it sends. The server charges the same
 * freight, priced again from its table, and refuses another amount. No state, or a country
 * outside the US, has no estimate, so nothing is asked.
 */

/** What the cart and the checkout say while the estimate is asked for. */
export const ESTIMATING_FREIGHT = 'Estimating freight…';

export interface FreightEstimate {
  /** Null: no estimate applies (the SPEC's note), or it could not be had. */
  answer: FreightEstimateAnswer | null;
  /** Asked for and not answered yet: the checkout waits before it charges. */
  pending: boolean;
}

export function useFreightEstimate(
  lines: readonly { number: string; quantity: number }[],
  place: { country: string; state: string },
  /** A new value asks again for the same cart and state (the staff changed the table). */
  revision = 0,
): FreightEstimate {
  const { country, state } = place;
  const query = useMemo(
    () => freightEstimateQuery(lines, { country, state }),
    [lines, country, state],
  );
  // Which asking an answer is for: the query, and the revision it was asked at.
  const asking = query === null ? null : `${revision} ${query}`;
  const [result, setResult] = useState<{ asking: string; answer: FreightEstimateAnswer | null }>();

  useEffect(() => {
    if (asking === null || query === null) return;
    const controller = new AbortController();
    fetch(`/api/freight-estimate?${query}`, {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET /api/freight-estimate answered ${response.status}`);
        setResult({ asking, answer: (await response.json()) as FreightEstimateAnswer });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Without an estimate the order is priced without freight; the server says if it differs.
        console.error('The freight estimate failed:', error);
        setResult({ asking, answer: null });
      });
    return () => controller.abort();
  }, [asking, query]);

  if (asking === null) return { answer: null, pending: false };
  return result?.asking === asking
    ? { answer: result.answer, pending: false }
    : { answer: null, pending: true };
}

/** Where the visitor last estimated freight to: the cart shows it again, the checkout starts with it. */
const SHIP_STATE_KEY = 'labshop-ship-state';

/** The saved US state code, or '' (none, or storage blocked in private mode). */
export function savedShipState(): string {
  try {
    const saved = window.localStorage.getItem(SHIP_STATE_KEY) ?? '';
    return isUsStateCode(saved) ? saved : '';
  } catch {
    return '';
  }
}

export function saveShipState(state: string): void {
  try {
    window.localStorage.setItem(SHIP_STATE_KEY, state);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** Another tab's choice reaches this one ('storage' fires in the other tabs only). */
export function subscribeToSavedShipState(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * A signed-in lab's own state (its ERP address, in the US), or '': where it ships unless it chose
 * another state. The cart estimates to it and the checkout starts with it.
 */
export function labShipState(book: AddressBookAnswer | null | undefined): string {
  const lab = book?.labAddress;
  return lab && lab.country === 'US' && isUsStateCode(lab.state) ? lab.state : '';
}

/**
 * The cart's copy of labShipState: read from GET /api/account/addresses once the page runs, only
 * when `wanted` (a signed-in lab that chose no state). Without it, or on a failure, ''.
 */
export function useLabShipState(wanted: boolean): string {
  const [state, setState] = useState('');
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    fetch('/api/account/addresses', {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        // A user without a lab has no book: the visitor's own choice is all there is.
        if (response.ok) setState(labShipState((await response.json()) as AddressBookAnswer));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          console.error("The lab's address could not be read:", error);
      });
    return () => controller.abort();
  }, [wanted]);
  return state;
}

/** The freight in cents when an estimate applies. */
export function freightCentsOf(estimate: FreightEstimate): number | undefined {
  const dollars = estimate.answer?.freight;
  return dollars === undefined || dollars === null ? undefined : Math.round(dollars * 100);
}
