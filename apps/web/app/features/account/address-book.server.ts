import { countryOptions } from '@labshop/shared/countries';
import {
  ADDRESS_BOOK_MESSAGES,
  ADDRESS_LABEL_MAX,
  type AddressBookAnswer,
} from '@labshop/shared/schemas/address-book';
import { BILLING_LIMITS } from '@labshop/shared/schemas/checkout';
import { ShippingAddressInput } from '@labshop/shared/schemas/address-book-dto';
import { mayHaveSession } from '@labshop/shared/constants';
import { usStateOptions } from '@labshop/shared/us-states';
import { data, redirect, type AppLoadContext } from 'react-router';
import { readCookie } from '../../lib/cookies.ts';
import { loginUrl } from '../auth/api/me.ts';
import { accountCall } from './account.server.ts';
import {
  ADDRESS_FIELDS,
  type AddressBookActionData,
  type AddressFieldName,
  type AddressFormValues,
} from './address-form.ts';

export const ADDRESS_BOOK_PATH = '/account/addresses';

const DONE = ['added', 'updated', 'deleted'] as const;
type Done = (typeof DONE)[number];

/**
 * /account/addresses (issue 36): the lab's address and the user's saved ones; ?edit=<id> opens
 * one for editing and ?done= says what the last change was (the forms post without JavaScript,
 * so the page says it after the redirect).
 */
export async function loadAddressBook(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const book = await accountCall<AddressBookAnswer>(request, context, '/api/account/addresses');
  const done = url.searchParams.get('done');
  const editing = url.searchParams.get('edit');
  return {
    book,
    editingId: book.addresses.some((address) => address.id === editing) ? editing : null,
    done: DONE.includes(done as Done) ? (done as Done) : null,
    // Computed here: country names come from ICU data, which the browser may word differently.
    countries: countryOptions(),
    states: usStateOptions(),
    limits: { ...BILLING_LIMITS, label: ADDRESS_LABEL_MAX },
  };
}

/**
 * The checkout's 'Ship to' choices: the signed-in visitor's lab address and saved addresses;
 * none for anonymous visitors (asked nothing) or when the call fails (the form works without).
 */
export async function loadShipToChoices(
  request: Request,
  context: AppLoadContext,
): Promise<AddressBookAnswer | null> {
  if (!mayHaveSession((name) => readCookie(name, request.headers.get('cookie')))) return null;
  try {
    const response = await context.apiFetch('/api/account/addresses');
    if (!response.ok) return null;
    const book = (await response.json()) as AddressBookAnswer;
    return book.labAddress || book.addresses.length > 0 ? book : null;
  } catch (error) {
    console.error('The address book could not be loaded for the checkout:', error);
    return null;
  }
}

/**
 * The page's forms (plain posts, so they work before or without JavaScript): intent 'add',
 * 'update' (with id) or 'delete' (with id). The fields are checked here first with the API's
 * own schema, for a message next to each field; the API checks them again and decides. A
 * change redirects (303) back to the page; a refusal answers the messages and what was typed.
 */
export async function addressBookAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const intent = text('intent');
  const id = text('id');
  if (intent === 'delete') {
    return send(request, context, 'DELETE', id, undefined, { intent, id, values: null });
  }
  if (intent !== 'add' && intent !== 'update') {
    return data(failure(intent, id, null, 'This form is not known.'), { status: 400 });
  }
  const values = Object.fromEntries(
    ADDRESS_FIELDS.map((name) => [name, text(name)]),
  ) as AddressFormValues;
  const parsed = ShippingAddressInput.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<AddressFieldName, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as AddressFieldName;
      fieldErrors[name] ??= issue.message;
    }
    return data(
      { ...failure(intent, id, values, 'Please correct the fields marked below.'), fieldErrors },
      { status: 400 },
    );
  }
  return send(request, context, intent === 'add' ? 'POST' : 'PUT', id, parsed.data, {
    intent,
    id,
    values,
  });
}

function failure(
  intent: string,
  id: string,
  values: AddressFormValues | null,
  error: string,
): AddressBookActionData {
  return { intent, id, values, error, fieldErrors: {} };
}

/** The API call of a change, as the visitor; then back to the page, or the refusal. */
async function send(
  request: Request,
  context: AppLoadContext,
  method: 'POST' | 'PUT' | 'DELETE',
  id: string,
  body: unknown,
  form: { intent: string; id: string; values: AddressFormValues | null },
) {
  const path =
    method === 'POST'
      ? '/api/account/addresses'
      : `/api/account/addresses/${encodeURIComponent(id)}`;
  const response = await context.apiFetch(path, {
    method,
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 401) throw redirect(loginUrl(ADDRESS_BOOK_PATH));
  if (response.ok) {
    const done: Done = method === 'POST' ? 'added' : method === 'PUT' ? 'updated' : 'deleted';
    throw redirect(`${ADDRESS_BOOK_PATH}?done=${done}`, 303);
  }
  if (response.status >= 500) {
    throw data(null, { status: 503 });
  }
  const message =
    response.status === 404
      ? ADDRESS_BOOK_MESSAGES.notFound
      : (((await response.json().catch(() => null)) as { error?: string } | null)?.error ??
        'The address could not be saved.');
  return data(failure(form.intent, form.id, form.values, message), { status: response.status });
}
