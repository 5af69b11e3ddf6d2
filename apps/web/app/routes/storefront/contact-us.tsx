import { CONTACT_MESSAGES, type ContactDataDto } from '@labshop/shared/schemas/content';
import { data } from 'react-router';
import type { Route } from './+types/contact-us';
import { fetchContactData } from '../../features/content/api/content.ts';
import { ContactDetails } from '../../features/content/components/contact-details.tsx';
import { LazyContactForm } from '../../features/content/components/lazy-contact-form.tsx';
import { ContactMapBox } from '../../features/content/components/contact-map-box.tsx';
import { postFormToApi } from '../../lib/public-form-action.server.ts';
import { SITE } from '../../lib/site.ts';
import { CONTACT_FORM_FIELDS } from '../../features/content/contact-form-fields.ts';

/** /contact-us (SPEC.md "Contact page"): the contact data comes with the page. */
export async function loader({ context }: Route.LoaderArgs) {
  let contactData: ContactDataDto | null = null;
  try {
    contactData = await fetchContactData(context);
  } catch (error) {
    // Only logged (SPEC.md section 8): the form and the shell's phone number still work.
    console.error('Loading the contact data failed:', error);
  }
  const { recaptchaSiteKey, recaptchaScriptUrl, mapTileUrl, mapAttribution } = context.publicConfig;
  return { contactData, recaptchaSiteKey, recaptchaScriptUrl, mapTileUrl, mapAttribution };
}

/** 'Send Message' before or without the page's code: the form is posted to the page itself. */
export async function action({ request, context }: Route.ActionArgs) {
  const { answer, status } = await postFormToApi(
    request,
    context,
    '/api/contact',
    CONTACT_FORM_FIELDS,
    { sent: CONTACT_MESSAGES.sent, failed: CONTACT_MESSAGES.failed },
  );
  return data(answer, { status });
}

/** On client navigations, the deferred form's code arrives with the data: it never shows empty. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), LazyContactForm.preload()]);
  return data;
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: `Contact Us | ${SITE.name}` },
    {
      name: 'description',
      content: `Write to ${SITE.name} or call us: sales, support and repairs for dental laboratory equipment, from our plant in Toledo, Ohio.`,
    },
  ];
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const { contactData } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:py-12">
      <header className="mb-8 max-w-3xl">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Contact Us</h1>
        <p className="mt-2 text-slate-600">
          Questions about a machine, an order, parts or a repair? Write to us or call; our team
          answers on business days.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
        <section aria-labelledby="contact-details-heading" className="space-y-6">
          <h2 id="contact-details-heading" className="text-xl font-bold text-brand-900">
            Get in touch
          </h2>
          <ContactDetails contactData={contactData} />
          <ContactMapBox
            address={contactData?.address ?? null}
            latitude={contactData?.latitude ?? null}
            longitude={contactData?.longitude ?? null}
            tileUrl={loaderData.mapTileUrl}
            attribution={loaderData.mapAttribution}
          />
        </section>

        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <LazyContactForm
            recaptchaSiteKey={loaderData.recaptchaSiteKey}
            recaptchaScriptUrl={loaderData.recaptchaScriptUrl}
            posted={actionData}
          />
        </section>
      </div>
    </div>
  );
}
