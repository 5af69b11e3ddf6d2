import type { AddressBookAnswer, LabAddress } from '@labshop/shared/schemas/address-book';
import { formInputClass } from '../../../components/form-field.tsx';

/** The billing form's fields an address fills, the country before the state (its list). */
export const SHIP_TO_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'country',
  'state',
  'city',
  'zip',
] as const;

const LAB = 'lab';

/**
 * 'Ship to' (issue 36): a signed-in lab's address and saved addresses; choosing one fills the
 * billing form's name, phone and address fields through `onChoose` (the e-mail stays).
 */
export function ShipToSelect({
  id,
  book,
  onChoose,
}: {
  id: string;
  book: AddressBookAnswer;
  onChoose(address: LabAddress): void;
}) {
  const choose = (value: string) => {
    const address =
      value === LAB ? book.labAddress : book.addresses.find((saved) => saved.id === value);
    if (address) onChoose(address);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        Ship to
      </label>
      <select
        id={id}
        defaultValue=""
        onChange={(event) => choose(event.target.value)}
        className={formInputClass}
      >
        <option value="">Choose a saved address</option>
        {book.labAddress && (
          <option value={LAB}>{describe(book.labAddress, "Your lab's address")}</option>
        )}
        {book.addresses.map((address) => (
          <option key={address.id} value={address.id}>
            {describe(address, `${address.firstName} ${address.lastName}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function describe(address: LabAddress, fallback: string): string {
  return `${address.label || fallback}: ${address.address}, ${address.city}`;
}
