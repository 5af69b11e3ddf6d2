import type { PageHandle } from '@labshop/shared/load-context';
import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { data } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { confirmByLink, resultStatus, textOf } from '../../features/newsletter/api/link-actions.ts';
import { Address, LinkActionPage } from '../../features/newsletter/components/link-action-page.tsx';
import { SITE } from '../../lib/site.ts';

export const handle: PageHandle = { queryParams: ['email', 'name', 'expires', 'sig'] };

/**
 * /newsletter/confirm?email=&name=&expires=&sig=: the link of the sign-up mail. The address is
 * added only when its owner presses the button, and only while the link has not expired.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = {
    email: url.searchParams.get('email') ?? '',
    name: url.searchParams.get('name') ?? '',
    expires: url.searchParams.get('expires') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
  const expiresAt = Number(link.expires);
  return {
    link,
    complete: link.email !== '' && link.sig !== '' && Number.isFinite(expiresAt) && expiresAt > 0,
    // Said before the click; the server decides again when the button is pressed.
    expired: Number.isFinite(expiresAt) && expiresAt > 0 && expiresAt < Date.now(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await confirmByLink(context, {
    email: textOf(form.get('email')),
    name: textOf(form.get('name')),
    expires: textOf(form.get('expires')),
    sig: textOf(form.get('sig')),
  });
  return data(result, { status: resultStatus(result) });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Confirm subscription | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { link, complete, expired } = loaderData;
  return (
    <LinkActionPage
      title="Confirm your subscription"
      intro={
        <p>
          Press the button to receive the {SITE.name} newsletter at <Address email={link.email} />.
        </p>
      }
      fields={link}
      buttonLabel="Confirm subscription"
      busyLabel="Confirming…"
      result={actionData}
      refusal={
        !complete
          ? NEWSLETTER_MESSAGES.linkInvalid
          : expired
            ? NEWSLETTER_MESSAGES.linkExpired
            : null
      }
    />
  );
}
