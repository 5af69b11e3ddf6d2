import { CHECKOUT_MESSAGES } from '@labshop/shared/schemas/checkout';
import { Tag, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { errorText, fetchCoupon } from '../api/checkout.ts';
import { COUPON_PARAM } from '../coupon-param.ts';
import type { AppliedCoupon } from '../order.ts';

export interface CouponFieldProps {
  applied: AppliedCoupon | null;
  onChange(coupon: AppliedCoupon | null): void;
  disabled: boolean;
  /** Why the coupon the checkout's address named was not applied (couponOfLink). */
  linkedProblem?: string | null;
}

/**
 * The coupon field with Apply (SPEC.md section 4, Coupon): a known code sets the discount; an
 * unknown one resets it and says 'Invalid coupon code'. Its own small form, so Enter applies
 * the coupon instead of paying. Before the page's code runs, the form reloads the checkout with
 * ?coupon=, whose loader applies it (linked-coupon.ts).
 */
export function CouponField({ applied, onChange, disabled, linkedProblem }: CouponFieldProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(linkedProblem ?? null);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    setProblem(null);
    if (!typed) {
      onChange(null);
      setProblem(CHECKOUT_MESSAGES.invalidCoupon);
      return;
    }
    setChecking(true);
    try {
      const coupon = await fetchCoupon(typed);
      if (coupon) {
        onChange({ code: coupon.code, percent: coupon.percent });
        setCode('');
      } else {
        onChange(null);
        setProblem(CHECKOUT_MESSAGES.invalidCoupon);
      }
    } catch (error) {
      console.error('Checking the coupon failed:', error);
      onChange(null);
      setProblem(errorText(error));
    } finally {
      setChecking(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <div>
      <form method="get" onSubmit={(event) => void apply(event)} noValidate aria-label="Coupon">
        <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm font-semibold text-slate-800">
          Coupon code
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-code`}
            name={COUPON_PARAM}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            className="block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 uppercase shadow-sm placeholder:normal-case placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-600"
            placeholder="Enter a code"
          />
          <button
            type="submit"
            disabled={disabled || checking}
            className="shrink-0 rounded-md border border-brand-700 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </div>
      </form>
      {problem && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {applied && (
        <p className="mt-2 flex items-center justify-between gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="flex items-center gap-1.5">
            <Tag className="h-4 w-4" aria-hidden="true" />
            Coupon <strong className="font-semibold">
              {applied.code.toUpperCase()}
            </strong> applied: {applied.percent}% off
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            disabled={disabled}
            className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-emerald-100 disabled:opacity-60"
            aria-label={`Remove coupon ${applied.code.toUpperCase()}`}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </p>
      )}
    </div>
  );
}
