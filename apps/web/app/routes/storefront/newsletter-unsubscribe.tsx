import type { PageHandle } from '@labshop/shared/load-context';
import { NEWSLETTER_MESSAGES } from '@labshop/shared/schemas/newsletter';
import { data } from 'react-router';
import type { Route } from './+types/newsletter-unsubscribe';
import {
  resultStatus,
  textOf,
  unsubscribeByLink,
} from '../../features/newsletter/api/link-actions.ts';
import { Address, LinkActionPage } from '../../features/newsletter/components/link-action-page.tsx';
import { SITE } from '../../lib/site.ts';

export const handle: PageHandle = { queryParams: ['email', 'sig'] };

/**
 * /newsletter/unsubscribe?email=&sig=: the signed link at the foot of every newsletter. Opening
 * it changes nothing; the button does (mail scanners open links, people press buttons).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { email: url.searchParams.get('email') ?? '', sig: url.searchParams.get('sig') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await unsubscribeByLink(context, {
    email: textOf(form.get('email')),
    sig: textOf(form.get('sig')),
  });
  return data(result, { status: resultStatus(result) });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Unsubscribe | ${SITE.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { email, sig } = loaderData;
  return (
    <LinkActionPage
      title="Unsubscribe from the newsletter"
      intro={
        <p>
          Press the button to stop the {SITE.name} newsletter to <Address email={email} />.
        </p>
      }
      fields={{ email, sig }}
      buttonLabel="Unsubscribe"
      busyLabel="Unsubscribing…"
      result={actionData}
      refusal={email && sig ? null : NEWSLETTER_MESSAGES.linkInvalid}
    />
  );
}
