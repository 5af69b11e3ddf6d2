import {
  ADDRESS_BOOK_LIMIT,
  type AddressBookAnswer,
  type LabAddress,
} from '@labshop/shared/schemas/address-book';
import { Building2, ChevronLeft, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { FormField, formControlProps } from '../../../components/form-field.tsx';
import { ShippingAddressFields } from './shipping-address-fields.tsx';
import type {
  AddressBookActionData,
  AddressFieldName,
  AddressFormValues,
} from '../address-form.ts';

type Option = { code: string; name: string };
type AddressLimits = Record<
  'label' | 'name' | 'phone' | 'address' | 'city' | 'state' | 'zip',
  number
>;

export interface AddressBookPageProps {
  book: AddressBookAnswer;
  /** The saved address open for editing (?edit=). */
  editingId: string | null;
  /** What the last change was (?done=). */
  done: 'added' | 'updated' | 'deleted' | null;
  countries: readonly Option[];
  states: readonly Option[];
  /**
   * The fields' length limits (the billing form's), from the loader: the page's code stays
   * without the checkout's rules.
   */
  limits: AddressLimits;
  /** The refused form's messages and what was typed. */
  action: AddressBookActionData | null;
}

const CARD = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const BUTTON =
  'inline-flex items-center justify-center gap-1.5 rounded-md px-4 py-2 text-sm font-semibold';
const SECONDARY = `${BUTTON} border border-slate-300 text-brand-700 hover:bg-slate-50`;
const DONE_TEXT = {
  added: 'The address was added.',
  updated: 'The address was saved.',
  deleted: 'The address was deleted.',
} as const;

const EMPTY: AddressFormValues = {
  label: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

/**
 * /account/addresses (issue 36): the lab's address (from the ERP, read-only) and the user's
 * saved shipping addresses, with Edit, Delete and 'Add an address'. Plain post forms: they work
 * without JavaScript, and the page after the redirect says what changed.
 */
export function AddressBookPage({
  book,
  editingId,
  done,
  countries,
  states,
  limits,
  action,
}: AddressBookPageProps) {
  const full = book.addresses.length >= ADDRESS_BOOK_LIMIT;
  // A new location (after a change) starts the add form empty again.
  const { key } = useLocation();
  const addAction = action?.intent === 'add' ? action : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 lg:py-10">
      <Link
        to="/account"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        My Account
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900 sm:text-3xl">Address book</h1>
      <p className="mt-1 text-slate-600">
        The checkout offers these addresses and fills the billing form from the one you choose.
      </p>
      {/* A change to an address that is gone by now has no card to show its message. */}
      <div role="alert" className="mt-4 empty:hidden">
        {action && action.intent !== 'add' && !book.addresses.some((a) => a.id === action.id) && (
          <ErrorAlert>{action.error}</ErrorAlert>
        )}
      </div>
      <div role="status" className="mt-4 empty:hidden">
        {done && (
          <p className="flex items-center gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800">
            {DONE_TEXT[done]}
          </p>
        )}
      </div>

      <section aria-labelledby="address-lab" className={`mt-6 ${CARD}`}>
        <h2 id="address-lab" className="flex items-center gap-2 font-semibold text-brand-900">
          <Building2 className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Your lab&apos;s address
        </h2>
        {book.labAddress ? (
          <>
            <p className="mt-2 font-semibold break-words text-slate-800">
              {titleOf(book.labAddress)}
            </p>
            <AddressLines address={book.labAddress} countries={countries} />
            <p className="mt-2 text-sm text-slate-600">
              From your lab&apos;s record. The checkout offers it first; to change it, contact us.
            </p>
          </>
        ) : (
          <p className="mt-2 text-slate-700">
            No lab address is linked to your account. The addresses you save below are offered at
            the checkout.
          </p>
        )}
      </section>

      <section aria-labelledby="address-saved" className="mt-8">
        <h2 id="address-saved" className="text-xl font-bold text-brand-900">
          Saved addresses
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {book.addresses.length === 0
            ? 'No saved addresses yet.'
            : `${book.addresses.length} of ${ADDRESS_BOOK_LIMIT}.`}
        </p>
        {book.addresses.length > 0 && (
          <ul className="mt-3 grid gap-4 md:grid-cols-2">
            {book.addresses.map((address) => {
              const failed = action?.id === address.id ? action : null;
              const editing = address.id === editingId || failed?.intent === 'update';
              return (
                <li key={address.id} className={editing ? `md:col-span-2 ${CARD}` : CARD}>
                  {editing ? (
                    <AddressForm
                      key={key}
                      idPrefix={`edit-${address.id}`}
                      heading={`Edit ${titleOf(address)}`}
                      intent="update"
                      id={address.id}
                      values={failed?.values ?? address}
                      action={failed}
                      countries={countries}
                      states={states}
                      limits={limits}
                      submitLabel="Save address"
                    />
                  ) : (
                    <SavedAddressCard
                      id={address.id}
                      address={address}
                      countries={countries}
                      error={failed?.intent === 'delete' ? failed.error : null}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="address-add" className={`mt-8 ${CARD}`}>
        {full ? (
          <>
            <h2 id="address-add" className="font-semibold text-brand-900">
              Add an address
            </h2>
            <p className="mt-2 text-slate-700">
              Your address book is full ({ADDRESS_BOOK_LIMIT} addresses). Delete one to add another.
            </p>
          </>
        ) : (
          <AddressForm
            key={key}
            idPrefix="add"
            headingId="address-add"
            heading="Add an address"
            intent="add"
            values={addAction?.values ?? EMPTY}
            action={addAction}
            countries={countries}
            states={states}
            limits={limits}
            submitLabel="Add address"
          />
        )}
      </section>
    </div>
  );
}

function countryName(code: string, countries: readonly Option[]): string {
  return countries.find((country) => country.code === code)?.name ?? code;
}

/** The title of an address: its label, or its names. */
const titleOf = (address: LabAddress) =>
  address.label || `${address.firstName} ${address.lastName}`.trim();

/** An address's lines; the names only when they are not its title, shown above them. */
function AddressLines({
  address,
  countries,
}: {
  address: LabAddress;
  countries: readonly Option[];
}) {
  const names = `${address.firstName} ${address.lastName}`.trim();
  return (
    <address className="mt-1 break-words text-slate-700 not-italic">
      {names !== titleOf(address) && <span className="block">{names}</span>}
      <span className="block">{address.address}</span>
      <span className="block">
        {address.city}, {address.state} {address.zip}
      </span>
      <span className="block">{countryName(address.country, countries)}</span>
      {address.phone && <span className="block">{address.phone}</span>}
    </address>
  );
}

function SavedAddressCard({
  id,
  address,
  countries,
  error,
}: {
  id: string;
  address: LabAddress;
  countries: readonly Option[];
  error: string | null;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h3 className="flex items-center gap-2 font-semibold text-brand-900">
        <MapPin className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="min-w-0 break-words">{titleOf(address)}</span>
      </h3>
      <AddressLines address={address} countries={countries} />
      <div role="alert" className="empty:hidden mt-3">
        {error && <ErrorAlert>{error}</ErrorAlert>}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`?edit=${encodeURIComponent(id)}`}
          className={SECONDARY}
          aria-label={`Edit ${titleOf(address)}`}
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            disabled={busy}
            className={`${BUTTON} border border-red-200 text-red-700 hover:bg-red-50 disabled:opacity-60`}
            aria-label={`Delete ${titleOf(address)}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete
          </button>
        </Form>
      </div>
    </>
  );
}

function AddressForm({
  idPrefix,
  headingId,
  heading,
  intent,
  id,
  values,
  action,
  countries,
  states,
  limits,
  submitLabel,
}: {
  idPrefix: string;
  headingId?: string;
  heading: string;
  intent: 'add' | 'update';
  id?: string;
  values: AddressFormValues;
  action: AddressBookActionData | null;
  countries: readonly Option[];
  states: readonly Option[];
  limits: AddressLimits;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const fieldId = (name: AddressFieldName) => `${idPrefix}-${name}`;
  const error = (name: AddressFieldName) => action?.fieldErrors[name];
  const field = (name: AddressFieldName, required = true) => ({
    ...formControlProps(fieldId(name), error(name), required),
    name,
    defaultValue: values[name],
  });
  const titleId = headingId ?? `${idPrefix}-heading`;
  return (
    <Form method="post" noValidate aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-brand-900">
        {intent === 'update' && <Pencil className="h-5 w-5 text-brand-600" aria-hidden="true" />}
        {heading}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
      <div role="alert" className="empty:hidden">
        {action?.error && <ErrorAlert>{action.error}</ErrorAlert>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          look="storefront"
          label="Label"
          note="(optional)"
          hint="For example: Back door, Second lab."
          id={fieldId('label')}
          error={error('label')}
          className="sm:col-span-2"
        >
          <input {...field('label', false)} type="text" maxLength={limits.label} />
        </FormField>
        <ShippingAddressFields
          idPrefix={idPrefix}
          values={values}
          errors={action?.fieldErrors ?? {}}
          countries={countries}
          states={states}
          limits={limits}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60`}
        >
          {submitLabel}
        </button>
        {intent === 'update' && (
          <Link to="/account/addresses" className={SECONDARY}>
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}
