import { FormField, formControlProps } from '../../../components/form-field.tsx';
import type { ShippingFieldName } from '../address-form.ts';

type Option = { code: string; name: string };

/** The fields' length limits (the billing form's), passed from the loader. */
export type ShippingFieldLimits = Record<
  'name' | 'phone' | 'address' | 'city' | 'state' | 'zip',
  number
>;

/**
 * A shipping address's fields, as plain inputs posted with their form (the address book, a
 * quote request): each labelled, with its message next to it, for the parent's two-column grid.
 * The state is text with the US states suggested: without the page's code the field cannot
 * follow the country, as the checkout's does (a list for the United States, text elsewhere).
 */
export function ShippingAddressFields({
  idPrefix,
  values,
  errors,
  countries,
  states,
  limits,
}: {
  idPrefix: string;
  values: Record<ShippingFieldName, string>;
  errors: Partial<Record<ShippingFieldName, string>>;
  countries: readonly Option[];
  states: readonly Option[];
  limits: ShippingFieldLimits;
}) {
  const id = (name: ShippingFieldName) => `${idPrefix}-${name}`;
  const around = (name: ShippingFieldName) => ({
    look: 'storefront' as const,
    id: id(name),
    error: errors[name],
  });
  const field = (name: ShippingFieldName, required = true) => ({
    ...formControlProps(id(name), errors[name], required),
    name,
    defaultValue: values[name],
  });
  const statesId = `${idPrefix}-states`;
  return (
    <>
      <FormField {...around('firstName')} label="First name">
        <input
          {...field('firstName')}
          type="text"
          autoComplete="shipping given-name"
          maxLength={limits.name}
        />
      </FormField>
      <FormField {...around('lastName')} label="Last name">
        <input
          {...field('lastName')}
          type="text"
          autoComplete="shipping family-name"
          maxLength={limits.name}
        />
      </FormField>
      <FormField {...around('phone')} label="Phone" note="(optional)">
        <input
          {...field('phone', false)}
          type="tel"
          inputMode="tel"
          autoComplete="shipping tel"
          maxLength={limits.phone}
        />
      </FormField>
      <FormField {...around('address')} label="Address" className="sm:col-span-2">
        <input
          {...field('address')}
          type="text"
          autoComplete="shipping street-address"
          maxLength={limits.address}
        />
      </FormField>
      <FormField {...around('city')} label="City">
        <input
          {...field('city')}
          type="text"
          autoComplete="shipping address-level2"
          maxLength={limits.city}
        />
      </FormField>
      <FormField
        {...around('state')}
        label="State"
        hint="In the United States, its two-letter code (OH)."
      >
        <input
          {...field('state')}
          type="text"
          list={statesId}
          autoComplete="shipping address-level1"
          maxLength={limits.state}
        />
      </FormField>
      <datalist id={statesId}>
        {states.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </datalist>
      <FormField {...around('zip')} label="ZIP code">
        <input
          {...field('zip')}
          type="text"
          autoComplete="shipping postal-code"
          maxLength={limits.zip}
        />
      </FormField>
      <FormField {...around('country')} label="Country">
        <select {...field('country')} autoComplete="shipping country">
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
