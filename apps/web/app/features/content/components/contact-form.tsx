import {
  CONTACT_CAPTCHA_ACTION,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactMessageInput,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  type InquiryType,
} from '@labshop/shared/schemas/content';
import { CircleCheck, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { BotTrapField, FormField, formControlProps } from '../../../components/form-field.tsx';
import type { PublicFormActionData } from '../../../lib/post-public-form.ts';
import { sendContactMessage } from '../api/contact.ts';
import type { ContactFormField } from '../contact-form-fields.ts';
import { captchaToken, loadRecaptcha } from '../api/recaptcha.ts';

/** What the form holds: text as typed, and '' while no inquiry type is chosen. */
type ContactFormValues = Omit<z.input<typeof ContactMessageInput>, 'inquiryType'> & {
  inquiryType: InquiryType | '';
};
type ContactFormOutput = z.output<typeof ContactMessageInput>;

// zod and the contact schema (about 25 kB gzip) load on the form's first validation, after the
// page is interactive, not with the page.
const contactResolver: Resolver<ContactFormValues, unknown, ContactFormOutput> = async (
  ...args
) => {
  const { contactResolver: resolve } = await import('../contact-resolver.ts');
  return (resolve as unknown as Resolver<ContactFormValues, unknown, ContactFormOutput>)(...args);
};

const EMPTY: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  inquiryType: '',
  message: '',
  companyFax: '',
};

type Outcome = { kind: 'sent' | 'error'; text: string } | null;

export interface ContactFormProps {
  /** PublicConfig.recaptchaSiteKey: null when the captcha is off (the embedded mode). */
  recaptchaSiteKey: string | null;
  recaptchaScriptUrl: string;
  /** What the page's action answered when the form was posted without the page's code. */
  posted?: PublicFormActionData<ContactFormField>;
}

/**
 * The contact form (SPEC.md sections 4, 5 and 8): the shared ContactMessageInput schema checks
 * each field once it was left, and every field on an invalid submit. The hidden companyFax
 * trap stops a send with 'Invalid request.'. With a captcha configured, a token for the
 * contact_submit action goes along as recaptcha_token2.
 */
export function ContactForm({ recaptchaSiteKey, recaptchaScriptUrl, posted }: ContactFormProps) {
  const id = useId();
  // Posted without the code and refused: the form again as typed (the server's render too).
  const [initial] = useState<ContactFormValues>(() =>
    posted?.values
      ? {
          ...posted.values,
          inquiryType: INQUIRY_TYPES.find((type) => type === posted.values?.inquiryType) ?? '',
        }
      : EMPTY,
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    // The form starts with no inquiry type (''), which the schema refuses with its message.
    resolver: contactResolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const [outcome, setOutcome] = useState<Outcome>(() =>
    posted
      ? posted.result.ok
        ? { kind: 'sent', text: CONTACT_MESSAGES.sent }
        : { kind: 'error', text: posted.result.error }
      : null,
  );

  // reCAPTCHA v3 scores the visit, so its script loads with the page, not at the click.
  useEffect(() => {
    if (!recaptchaSiteKey) return;
    loadRecaptcha(recaptchaScriptUrl, recaptchaSiteKey).catch((error: unknown) =>
      console.error('The captcha script did not load:', error),
    );
  }, [recaptchaSiteKey, recaptchaScriptUrl]);

  const send = async (values: ContactFormOutput) => {
    setOutcome(null);
    if (values.companyFax?.trim()) {
      setOutcome({ kind: 'error', text: CONTACT_MESSAGES.invalidRequest });
      return;
    }
    let token: string | undefined;
    if (recaptchaSiteKey) {
      const answer = await captchaToken(
        recaptchaScriptUrl,
        recaptchaSiteKey,
        CONTACT_CAPTCHA_ACTION,
      );
      if (!answer) {
        setOutcome({ kind: 'error', text: CONTACT_MESSAGES.captchaUnavailable });
        return;
      }
      token = answer;
    }
    const result = await sendContactMessage({ ...values, recaptcha_token2: token });
    if (result.ok) {
      reset(EMPTY);
      setOutcome({ kind: 'sent', text: CONTACT_MESSAGES.sent });
    } else {
      setOutcome({ kind: 'error', text: result.error });
    }
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const field = (name: keyof ContactFormValues, error: FieldError | undefined) =>
    formControlProps(fieldId(name), error?.message);

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void handleSubmit(send)(event)}
      aria-busy={isSubmitting}
      aria-labelledby={fieldId('heading')}
      className="space-y-5"
    >
      <h2 id={fieldId('heading')} className="text-xl font-bold text-brand-900">
        Send us a message
      </h2>
      <p className="text-sm text-slate-600">Every field is required.</p>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField look="storefront" label="Name" id={fieldId('name')} error={errors.name?.message}>
          <input
            {...field('name', errors.name)}
            {...register('name')}
            defaultValue={initial.name}
            type="text"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
          />
        </FormField>
        <FormField
          look="storefront"
          label="Email"
          id={fieldId('email')}
          error={errors.email?.message}
        >
          <input
            {...field('email', errors.email)}
            {...register('email')}
            defaultValue={initial.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={CONTACT_LIMITS.email}
          />
        </FormField>
        <FormField
          look="storefront"
          label="Phone"
          id={fieldId('phone')}
          error={errors.phone?.message}
        >
          <input
            {...field('phone', errors.phone)}
            {...register('phone')}
            defaultValue={initial.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={CONTACT_LIMITS.phoneMax}
          />
        </FormField>
        <FormField
          look="storefront"
          label="Inquiry type"
          id={fieldId('inquiryType')}
          error={errors.inquiryType?.message}
        >
          <select
            {...field('inquiryType', errors.inquiryType)}
            {...register('inquiryType')}
            defaultValue={initial.inquiryType}
          >
            <option value="">Select an inquiry type</option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type} value={type}>
                {INQUIRY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField
        look="storefront"
        label="Message"
        id={fieldId('message')}
        error={errors.message?.message}
      >
        <textarea
          {...field('message', errors.message)}
          {...register('message')}
          defaultValue={initial.message}
          rows={6}
          maxLength={CONTACT_LIMITS.message}
        />
      </FormField>

      <BotTrapField id={fieldId('companyFax')} registration={register('companyFax')} />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          {isSubmitting ? 'Sending…' : 'Send Message'}
        </button>
      </div>

      <div role="status" aria-live="polite">
        {outcome?.kind === 'sent' && (
          <p className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-green-800">
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            {outcome.text}
          </p>
        )}
      </div>
      <div role="alert">{outcome?.kind === 'error' && <ErrorAlert>{outcome.text}</ErrorAlert>}</div>
    </form>
  );
}
