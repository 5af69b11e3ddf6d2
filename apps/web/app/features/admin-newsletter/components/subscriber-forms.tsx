import { zodResolver } from '@hookform/resolvers/zod';
import {
  AddSubscriberInput,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  SubscriberEmailInput,
} from '@labshop/shared/schemas/newsletter';
import { UserMinus, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { inputClass, panelClass } from '../../admin/components/styles.ts';
import { fieldAria, FormField } from '../../../components/form-field.tsx';
import { useAddSubscriber, useChangeSubscription } from '../api/change-subscriber.ts';

/**
 * The unsubscribe form (SPEC.md: a valid email): 'Successfully unsubscribed {email}', or
 * 'Error unsubscribing {email}' with the server's reason (not on the list, a lost session).
 */
export function UnsubscribeForm() {
  const id = useId();
  const change = useChangeSubscription();
  const { feedback, clear, save } = useSaveFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubscriberEmailInput>({
    resolver: zodResolver(SubscriberEmailInput),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(({ email }) =>
    save(
      async () => {
        await change.mutateAsync({ action: 'unsubscribe', email });
        reset({ email: '' });
        return { kind: 'success', lines: [NEWSLETTER_MESSAGES.unsubscribed(email)] };
      },
      { doing: 'Unsubscribing', message: NEWSLETTER_MESSAGES.unsubscribeFailed(email) },
    ),
  );

  const emailId = `${id}-email`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      // Editing again starts a new action: the last one's message no longer applies.
      onInput={clear}
      aria-labelledby={`${id}-heading`}
      aria-busy={isSubmitting}
      className={panelClass}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        Unsubscribe an address
      </h2>
      <div className="mt-4">
        <FormField look="admin" id={emailId} label="Email" error={errors.email?.message}>
          <input
            {...fieldAria(emailId, errors.email?.message)}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={NEWSLETTER_LIMITS.email}
            className={inputClass}
          />
        </FormField>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <FormSubmitButton
        icon={UserMinus}
        label="Unsubscribe"
        busyLabel="Unsubscribing..."
        busy={isSubmitting}
        className="mt-4"
      />
    </form>
  );
}

/**
 * The add-subscriber form (SPEC.md: displayName and a valid email): 'Subscriber added
 * successfully', or 'Error adding subscriber' with the server's reason (already on the list).
 */
export function AddSubscriberForm() {
  const id = useId();
  const add = useAddSubscriber();
  const { feedback, clear, save } = useSaveFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddSubscriberInput>({
    resolver: zodResolver(AddSubscriberInput),
    mode: 'onTouched',
    defaultValues: { displayName: '', email: '' },
  });

  const submit = handleSubmit((values) =>
    save(
      async () => {
        await add.mutateAsync(values);
        reset({ displayName: '', email: '' });
        return { kind: 'success', lines: [NEWSLETTER_MESSAGES.added] };
      },
      { doing: 'Adding the subscriber', message: NEWSLETTER_MESSAGES.addFailed },
    ),
  );

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      // Editing again starts a new action: the last one's message no longer applies.
      onInput={clear}
      aria-labelledby={`${id}-heading`}
      aria-busy={isSubmitting}
      className={panelClass}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        Add a subscriber
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField look="admin" id={nameId} label="Name" error={errors.displayName?.message}>
          <input
            {...fieldAria(nameId, errors.displayName?.message)}
            {...register('displayName')}
            autoComplete="off"
            maxLength={NEWSLETTER_LIMITS.displayName}
            className={inputClass}
          />
        </FormField>
        <FormField look="admin" id={emailId} label="Email" error={errors.email?.message}>
          <input
            {...fieldAria(emailId, errors.email?.message)}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={NEWSLETTER_LIMITS.email}
            className={inputClass}
          />
        </FormField>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <FormSubmitButton
        icon={UserPlus}
        label="Add Subscriber"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-4"
      />
    </form>
  );
}
