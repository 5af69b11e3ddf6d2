import { BILLING_LIMITS, type BillingInput } from '@labshop/shared/schemas/checkout';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

export type BillingValues = Required<BillingInput>;
type BillingField = keyof BillingValues;

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-200';

export interface BillingFieldsProps {
  register: UseFormRegister<BillingValues>;
  errors: FieldErrors<BillingValues>;
  /** A page-unique id for a field name. */
  fieldId(name: string): string;
  /**
   * countryOptions() as the server computed it: names come from the runtime's ICU data, which
   * may differ between Node and the browser, and the hydrated list must match the HTML.
   */
  countries: readonly { code: string; name: string }[];
}

/**
 * The billing form's fields (SPEC.md sections 3 and 5): every one required except the phone;
 * the country from the full ISO 3166 list; the hidden companyFax trap. Errors show once a
 * field was left, tied to it with aria-describedby.
 */
export function BillingFields({ register, errors, fieldId, countries }: BillingFieldsProps) {
  const field = (name: BillingField, required = true) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? fieldId(`${name}-error`) : undefined,
    'aria-required': required || undefined,
    className: inputClass,
  });
  const error = (name: BillingField) => errors[name]?.message;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" name="firstName" fieldId={fieldId} error={error('firstName')}>
        <input
          {...field('firstName')}
          {...register('firstName')}
          type="text"
          autoComplete="billing given-name"
          maxLength={BILLING_LIMITS.name}
        />
      </Field>
      <Field label="Last name" name="lastName" fieldId={fieldId} error={error('lastName')}>
        <input
          {...field('lastName')}
          {...register('lastName')}
          type="text"
          autoComplete="billing family-name"
          maxLength={BILLING_LIMITS.name}
        />
      </Field>
      <Field label="Email" name="email" fieldId={fieldId} error={error('email')}>
        <input
          {...field('email')}
          {...register('email')}
          type="email"
          inputMode="email"
          autoComplete="billing email"
          maxLength={BILLING_LIMITS.email}
        />
      </Field>
      <Field label="Phone" hint="(optional)" name="phone" fieldId={fieldId} error={error('phone')}>
        <input
          {...field('phone', false)}
          {...register('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="billing tel"
          maxLength={BILLING_LIMITS.phone}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field label="Address" name="address" fieldId={fieldId} error={error('address')}>
          <input
            {...field('address')}
            {...register('address')}
            type="text"
            autoComplete="billing street-address"
            maxLength={BILLING_LIMITS.address}
          />
        </Field>
      </div>
      <Field label="City" name="city" fieldId={fieldId} error={error('city')}>
        <input
          {...field('city')}
          {...register('city')}
          type="text"
          autoComplete="billing address-level2"
          maxLength={BILLING_LIMITS.city}
        />
      </Field>
      <Field label="State" name="state" fieldId={fieldId} error={error('state')}>
        <input
          {...field('state')}
          {...register('state')}
          type="text"
          autoComplete="billing address-level1"
          maxLength={BILLING_LIMITS.state}
        />
      </Field>
      <Field label="ZIP code" name="zip" fieldId={fieldId} error={error('zip')}>
        <input
          {...field('zip')}
          {...register('zip')}
          type="text"
          autoComplete="billing postal-code"
          maxLength={BILLING_LIMITS.zip}
        />
      </Field>
      <Field label="Country" name="country" fieldId={fieldId} error={error('country')}>
        <select {...field('country')} {...register('country')} autoComplete="billing country">
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>

      {/* The trap: hidden from people and screen readers, filled in only by form robots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={fieldId('companyFax')}>Company fax</label>
        <input
          id={fieldId('companyFax')}
          {...register('companyFax')}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </div>
  );
}

function Field({
  label,
  hint,
  name,
  fieldId,
  error,
  children,
}: {
  label: string;
  hint?: string;
  name: BillingField;
  fieldId: (name: string) => string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={fieldId(name)} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {hint && <span className="font-normal text-slate-600"> {hint}</span>}
      </label>
      {children}
      {error && (
        <p id={fieldId(`${name}-error`)} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
