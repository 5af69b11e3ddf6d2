/** The address book page's form: its fields and what its action answers after a refusal. */

/** A shipping address's fields in the storefront's plain forms (address book, quote request). */
export const SHIPPING_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'country',
] as const;
export type ShippingFieldName = (typeof SHIPPING_FIELDS)[number];

/** A saved address: its label, then the shipping address. */
export const ADDRESS_FIELDS = ['label', ...SHIPPING_FIELDS] as const;

export type AddressFieldName = (typeof ADDRESS_FIELDS)[number];
export type AddressFormValues = Record<AddressFieldName, string>;

export interface AddressBookActionData {
  /** Which form was sent: 'add', 'update' or 'delete'. */
  intent: string;
  /** The address of an update or delete. */
  id: string;
  /** What was typed, to fill the form again; null for a delete. */
  values: AddressFormValues | null;
  /** The form's message, above it. */
  error: string;
  /** Each field's message, next to it. */
  fieldErrors: Partial<Record<AddressFieldName, string>>;
}
