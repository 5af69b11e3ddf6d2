import {
  BILLING_LIMITS,
  PO_NUMBER_LABEL,
  type Billing,
  type BillingInput,
} from '@labshop/shared/schemas/checkout';
import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { BotTrapField, FormField, formControlProps } from '../../../components/form-field.tsx';

export type BillingValues = Required<BillingInput>;
type BillingField = keyof BillingValues;

/** The one country whose states are a list and whose postal codes are ZIP codes. */
const US = 'US';

export interface BillingFieldsProps {
  form: Pick<
    UseFormReturn<BillingValues, unknown, Billing>,
    'register' | 'control' | 'setValue' | 'getFieldState' | 'trigger'
  >;
  errors: FieldErrors<BillingValues>;
  /** A page-unique id for a field name. */
  fieldId(name: string): string;
  /**
   * countryOptions() as the server computed it: names come from the runtime's ICU data, which
   * may differ between Node and the browser, and the hydrated list must match the HTML.
   */
  countries: readonly { code: string; name: string }[];
  /** usStateOptions() from the loader: the names stay out of the page's code. */
  states: readonly { code: string; name: string }[];
  /** Paying on account (issue 37): the PO number is required then, and says so. */
  poRequired?: boolean;
}

/**
 * The billing form's fields (SPEC.md sections 3 and 5): every one required except the phone
 * and the PO number (ours);
 * the country from the full ISO 3166 list; for the United States the state from a list, for
 * other countries as text (issue 34); the hidden companyFax trap. Errors show once a field was
 * left, tied to it with aria-describedby.
 */
export function BillingFields({
  form,
  errors,
  fieldId,
  countries,
  states,
  poRequired = false,
}: BillingFieldsProps) {
  const { register } = form;
  const error = (name: BillingField) => errors[name]?.message;
  const field = (name: BillingField, required = true) =>
    formControlProps(fieldId(name), error(name), required);
  const us = useWatch({ control: form.control, name: 'country' }) === US;

  // The rules for state and ZIP follow the country: a US code means nothing elsewhere (and a
  // region's name is no US code), and a ZIP that was wrong may be right now, or the reverse.
  const onCountryChange = (event: { target: { value: string } }) => {
    if ((event.target.value === US) !== us) {
      form.setValue('state', '', { shouldValidate: form.getFieldState('state').invalid });
    }
    if (form.getFieldState('zip').isTouched) void form.trigger('zip');
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        look="storefront"
        label="First name"
        id={fieldId('firstName')}
        error={error('firstName')}
      >
        <input
          {...field('firstName')}
          {...register('firstName')}
          type="text"
          autoComplete="billing given-name"
          maxLength={BILLING_LIMITS.name}
        />
      </FormField>
      <FormField
        look="storefront"
        label="Last name"
        id={fieldId('lastName')}
        error={error('lastName')}
      >
        <input
          {...field('lastName')}
          {...register('lastName')}
          type="text"
          autoComplete="billing family-name"
          maxLength={BILLING_LIMITS.name}
        />
      </FormField>
      <FormField look="storefront" label="Email" id={fieldId('email')} error={error('email')}>
        <input
          {...field('email')}
          {...register('email')}
          type="email"
          inputMode="email"
          autoComplete="billing email"
          maxLength={BILLING_LIMITS.email}
        />
      </FormField>
      <FormField
        look="storefront"
        label="Phone"
        note="(optional)"
        id={fieldId('phone')}
        error={error('phone')}
      >
        <input
          {...field('phone', false)}
          {...register('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="billing tel"
          maxLength={BILLING_LIMITS.phone}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          look="storefront"
          label="Address"
          id={fieldId('address')}
          error={error('address')}
        >
          <input
            {...field('address')}
            {...register('address')}
            type="text"
            autoComplete="billing street-address"
            maxLength={BILLING_LIMITS.address}
          />
        </FormField>
      </div>
      <FormField look="storefront" label="City" id={fieldId('city')} error={error('city')}>
        <input
          {...field('city')}
          {...register('city')}
          type="text"
          autoComplete="billing address-level2"
          maxLength={BILLING_LIMITS.city}
        />
      </FormField>
      <FormField look="storefront" label="State" id={fieldId('state')} error={error('state')}>
        {us ? (
          <select {...field('state')} {...register('state')} autoComplete="billing address-level1">
            <option value="">Select a state</option>
            {states.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...field('state')}
            {...register('state')}
            type="text"
            autoComplete="billing address-level1"
            maxLength={BILLING_LIMITS.state}
          />
        )}
      </FormField>
      <FormField look="storefront" label="ZIP code" id={fieldId('zip')} error={error('zip')}>
        <input
          {...field('zip')}
          {...register('zip')}
          type="text"
          autoComplete="billing postal-code"
          maxLength={BILLING_LIMITS.zip}
        />
      </FormField>
      <FormField look="storefront" label="Country" id={fieldId('country')} error={error('country')}>
        <select
          {...field('country')}
          {...register('country', { onChange: onCountryChange })}
          autoComplete="billing country"
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </FormField>
      {/* Ours (issue 36): the lab's own order reference, kept on the order and its mail. */}
      <FormField
        look="storefront"
        label={PO_NUMBER_LABEL}
        note={poRequired ? '' : '(optional)'}
        id={fieldId('poNumber')}
        error={error('poNumber')}
      >
        <input
          {...field('poNumber', poRequired)}
          {...register('poNumber')}
          type="text"
          autoComplete="off"
          maxLength={BILLING_LIMITS.poNumber}
        />
      </FormField>

      <BotTrapField id={fieldId('companyFax')} registration={register('companyFax')} />
    </div>
  );
}
