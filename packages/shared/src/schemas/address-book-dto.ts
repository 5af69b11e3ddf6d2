import { z } from 'zod';
import { ADDRESS_BOOK_MESSAGES, ADDRESS_LABEL_MAX } from './address-book.ts';
import { billingFields, checkStateAndZip } from './checkout-forms.ts';
import { stopWith } from './field-checks.ts';

/**
 * The address book's calls (issue 36): a saved address is the billing form's address fields,
 * under the form's own rules and messages, plus the user's label for it.
 */

/** A shipping address: the billing form's address fields and rules (check it with checkStateAndZip). */
export const shippingAddressFields = billingFields.pick({
  firstName: true,
  lastName: true,
  phone: true,
  address: true,
  city: true,
  state: true,
  zip: true,
  country: true,
});

/** POST /api/account/addresses and PUT /api/account/addresses/{id}. */
export const ShippingAddressInput = shippingAddressFields
  .extend({
    label: z
      .string()
      .trim()
      .max(ADDRESS_LABEL_MAX, stopWith(ADDRESS_BOOK_MESSAGES.labelTooLong))
      .default(''),
  })
  .superRefine(checkStateAndZip);
export type ShippingAddressInput = z.input<typeof ShippingAddressInput>;
export type ShippingAddress = z.output<typeof ShippingAddressInput>;

const addressFields = {
  label: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
};

/** One of the user's saved addresses. */
export const SavedAddressSchema = z.object({ id: z.string(), ...addressFields });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/**
 * The lab's address from the ERP customer record, in the same fields; label is the lab's name.
 * Read-only here: it changes in the ERP.
 */
export const LabAddressSchema = z.object(addressFields);
export type LabAddress = z.infer<typeof LabAddressSchema>;

/** GET /api/account/addresses: the lab's address (the default, offered first) and the saved ones. */
export const AddressBookAnswerSchema = z.object({
  labAddress: LabAddressSchema.nullable(),
  addresses: z.array(SavedAddressSchema),
});
export type AddressBookAnswer = z.infer<typeof AddressBookAnswerSchema>;

/** An address's id in a path: anything, so a malformed id is a 404 like a missing one. */
export const AddressParams = z.object({ id: z.string() });
