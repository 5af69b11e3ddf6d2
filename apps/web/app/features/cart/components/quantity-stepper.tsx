import { MAX_LINE_QUANTITY, normalizeQuantity } from '@labshop/shared/pricing';
import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { CART_LINE_FORM } from '../cart-line-form.ts';

export interface QuantityStepperProps {
  /** The committed quantity, 1..999. */
  value: number;
  /** Called with a whole number from 1 to 999 whenever the quantity changes. */
  onChange: (quantity: number) => void;
  /** The product's title: the buttons and the input say which product they change. */
  productTitle: string;
}

const BUTTON =
  'flex h-10 w-10 shrink-0 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';

/** A whole number 1..999 as typed, or null while the text is not one (empty, 0, 2.5). */
function typedQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const number = Number(text.trim());
  return number >= 1 ? Math.min(number, MAX_LINE_QUANTITY) : null;
}

/**
 * Minus, input, plus (SPEC.md 4, "Quantity"): never below 1 and at most 999. Typing a valid
 * number changes the quantity at once; the field may be empty or invalid while it has focus,
 * and on blur such a value resets to 1. Inside a cart line's form, the buttons and Enter also
 * post the quantity, for when the page's code has not started (cartLineAction).
 */
export function QuantityStepper({ value, onChange, productTitle }: QuantityStepperProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(value));
  // The quantity changed from outside (a button, another tab): show it. Adjusting state during
  // render, not in an effect, avoids a frame with the old number.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (typedQuantity(draft) !== value) setDraft(String(value));
  }

  const commit = (quantity: number) => {
    const next = normalizeQuantity(quantity);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="inline-flex items-stretch overflow-hidden rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-brand-500">
      <button
        type="submit"
        name={CART_LINE_FORM.set}
        value={value - 1}
        className={BUTTON}
        onClick={(event) => {
          event.preventDefault();
          commit(value - 1);
        }}
        disabled={value <= 1}
        aria-label={`Decrease quantity of ${productTitle}`}
      >
        <Minus className="h-4 w-4" aria-hidden="true" />
      </button>
      <label htmlFor={inputId} className="sr-only">
        {`Quantity of ${productTitle}`}
      </label>
      <input
        id={inputId}
        name={CART_LINE_FORM.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          const typed = typedQuantity(text);
          // More than 999 shows as 999; anything else as typed until blur.
          setDraft(typed !== null && Number(text) > MAX_LINE_QUANTITY ? String(typed) : text);
          if (typed !== null && typed !== value) onChange(typed);
        }}
        onBlur={() => commit(typedQuantity(draft) ?? 1)}
        className="w-14 [appearance:textfield] border-x border-slate-300 text-center text-base font-semibold text-slate-900 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="submit"
        name={CART_LINE_FORM.set}
        value={value + 1}
        className={BUTTON}
        onClick={(event) => {
          event.preventDefault();
          commit(value + 1);
        }}
        disabled={value >= MAX_LINE_QUANTITY}
        aria-label={`Increase quantity of ${productTitle}`}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
