import { formatCents } from '@labshop/shared/money';
import { FREIGHT_NOTE } from '@labshop/shared/schemas/freight';
import { US_STATE_CODES } from '@labshop/shared/us-states';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../../content/use-hydrated.ts';
import type { PricedCartItem } from '../cart-items.ts';
import {
  ESTIMATING_FREIGHT,
  freightCentsOf,
  saveShipState,
  savedShipState,
  subscribeToSavedShipState,
  useFreightEstimate,
  useLabShipState,
} from '../freight-estimate.ts';

/**
 * The cart's freight estimate (issue 37): the visitor picks the US state it ships to, and the
 * shop's freight table gives the rate for the cart's weight. Where none applies, the SPEC's note
 * stays, with why when it helps (a truck load, a state quoted apart). A signed-in lab that chose
 * no state gets the estimate to its own.
 */
export function FreightEstimateRow({
  lines,
  signedInLab,
}: {
  lines: readonly PricedCartItem[];
  /** A signed-in lab: with no state chosen, the estimate goes to its own address's. */
  signedInLab: boolean;
}) {
  const id = useId();
  // The estimate is the code's: a state picked before it runs would be reset by the hydration
  // and lost, so the picker waits for it (and stays off without JavaScript, with the note).
  const hydrated = useHydrated();
  // The server's HTML has no state chosen; the browser's saved one follows at hydration.
  const saved = useSyncExternalStore(subscribeToSavedShipState, savedShipState, () => '');
  const [chosen, setChosen] = useState<string | null>(null);
  const labState = useLabShipState(signedInLab && chosen === null && saved === '');
  const state = chosen ?? (saved || labState);
  const items = useMemo(
    () => lines.map((line) => ({ number: line.product.number, quantity: line.quantity })),
    [lines],
  );
  const estimate = useFreightEstimate(items, { country: 'US', state });
  const cents = freightCentsOf(estimate);
  const reason = estimate.answer?.reason;

  const choose = (value: string) => {
    setChosen(value);
    saveShipState(value);
  };

  return (
    <div className="mt-3 border-t border-slate-200 pt-3 text-sm" data-testid="freight-estimate">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-state`} className="text-slate-600">
          Estimate freight to
        </label>
        <select
          id={`${id}-state`}
          value={state}
          disabled={!hydrated}
          onChange={(event) => choose(event.target.value)}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-slate-900 disabled:bg-slate-100 disabled:text-slate-500"
        >
          <option value="">US state</option>
          {US_STATE_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="mt-2 text-xs text-slate-600">
        {estimate.pending ? (
          ESTIMATING_FREIGHT
        ) : cents !== undefined ? (
          <>
            Estimated freight {estimate.answer?.weightLb ? `(${estimate.answer.weightLb} lb) ` : ''}
            <strong className="text-sm text-slate-900" data-testid="freight-amount">
              {formatCents(cents)}
            </strong>
            , added at checkout for shipping to {state}.
          </>
        ) : (
          <>
            {FREIGHT_NOTE}.
            {reason === 'too-heavy' && ' This order ships by truck: its freight is quoted.'}
            {reason === 'no-zone' && ` Freight to ${state} is quoted separately.`}
          </>
        )}
      </p>
    </div>
  );
}
