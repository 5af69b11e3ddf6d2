import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_DATA_MESSAGES,
  ContactDataInput,
  type ContactDataDto,
} from '@labshop/shared/schemas/content';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { panelClass } from '../../admin/components/styles.ts';
import { AdminInputField, AdminTextareaField } from '../../admin/components/admin-form.tsx';
import { useContactData } from '../api/get-contact-data.ts';
import { useUpdateContactData } from '../api/update-contact-data.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

/** The form holds what was typed: coordinates as text, '' for "not given". */
type ContactDataFormValues = z.input<typeof ContactDataInput>;
type ContactDataValues = z.output<typeof ContactDataInput>;

/** The warning when a new address kept the old map position (the pin is where it was). */
export const PIN_NOT_MOVED =
  'The map pin did not move: the new address could not be placed on the map (no geocoder is configured, or it did not find the address), so the contact page map still points at the old place. Enter the latitude and longitude of the new address to move it.';

/** Whether a save changed the address but left the map pin where the old address put it. */
export function pinStayedBehind(before: ContactDataDto, saved: ContactDataDto): boolean {
  const normalized = (address: string) => address.trim().replace(/\s+/g, ' ').toLowerCase();
  return (
    normalized(before.address) !== normalized(saved.address) &&
    saved.latitude !== null &&
    saved.latitude === before.latitude &&
    saved.longitude === before.longitude
  );
}

function formValues(data: ContactDataDto): ContactDataFormValues {
  return {
    address: data.address,
    phone: data.phone,
    email: data.email,
    latitude: data.latitude === null ? '' : String(data.latitude),
    longitude: data.longitude === null ? '' : String(data.longitude),
  };
}

/** Contacts Data (SPEC.md "Admin screens"): the address, phone and e-mail the contact page shows. */
export function ContactDataManagement() {
  const contactData = useContactData();
  return (
    <section aria-labelledby="contact-data-heading">
      <ScreenHeading
        id="contact-data-heading"
        title="Contacts Data"
        description="The address, phone and e-mail shown on the contact page, and where its map points."
      />
      {contactData.isPending ? (
        <LoadingIndicator label="Loading contact data..." />
      ) : contactData.isError ? (
        <LoadError what="The contact data" />
      ) : (
        <ContactDataForm initial={contactData.data} />
      )}
    </section>
  );
}

function ContactDataForm({ initial }: { initial: ContactDataDto }) {
  const id = useId();
  const update = useUpdateContactData();
  const { feedback, save: saveWithFeedback } = useSaveFeedback();
  // What is stored now: a save is compared with it to tell whether the map pin moved.
  const [stored, setStored] = useState(initial);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactDataFormValues, unknown, ContactDataValues>({
    // The schema reads the coordinates as text and answers numbers (or undefined).
    resolver: zodResolver(ContactDataInput),
    mode: 'onTouched',
    defaultValues: formValues(initial),
  });

  const save = handleSubmit((values) =>
    saveWithFeedback(
      async () => {
        const saved = await update.mutateAsync(values);
        // What the server stored is the new starting point (it may have placed the map itself).
        reset(formValues(saved));
        setStored(saved);
        return pinStayedBehind(stored, saved)
          ? { kind: 'warning', lines: [CONTACT_DATA_MESSAGES.updated, PIN_NOT_MOVED] }
          : { kind: 'success', lines: [CONTACT_DATA_MESSAGES.updated] };
      },
      { doing: 'Updating the contact data', message: CONTACT_DATA_MESSAGES.notUpdated },
    ),
  );

  const fieldId = (name: keyof ContactDataFormValues) => `${id}-${name}`;
  const coordinatesHint =
    'Optional. Where the contact page map points when no geocoder is configured (the embedded setup); with a geocoder, the address is looked up and these are used only if it is not found.';
  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      className={`mt-6 ${panelClass}`}
      aria-busy={isSubmitting}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminTextareaField
          id={fieldId('address')}
          label="Address"
          error={errors.address?.message}
          className="sm:col-span-2"
          {...register('address')}
          rows={3}
          autoComplete="off"
        />
        <AdminInputField
          id={fieldId('phone')}
          label="Phone"
          error={errors.phone?.message}
          {...register('phone')}
          type="tel"
          autoComplete="off"
        />
        <AdminInputField
          id={fieldId('email')}
          label="Email"
          error={errors.email?.message}
          {...register('email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
        />
        <fieldset className="sm:col-span-2" aria-describedby={`${id}-coordinates-hint`}>
          <legend className="text-sm font-semibold text-slate-700">Map position</legend>
          <p id={`${id}-coordinates-hint`} className="mt-1 text-xs text-slate-500">
            {coordinatesHint}
          </p>
          <div className="mt-3 grid gap-5 sm:grid-cols-2">
            <AdminInputField
              id={fieldId('latitude')}
              label="Latitude"
              error={errors.latitude?.message}
              {...register('latitude')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 41.6528"
            />
            <AdminInputField
              id={fieldId('longitude')}
              label="Longitude"
              error={errors.longitude?.message}
              {...register('longitude')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. -83.5379"
            />
          </div>
        </fieldset>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-5" />
      <FormSubmitButton
        icon={Save}
        label="Update Contact"
        busyLabel="Updating..."
        busy={isSubmitting}
        className="mt-5"
      />
    </form>
  );
}
