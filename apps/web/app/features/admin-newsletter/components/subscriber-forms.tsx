import { zodResolver } from '@hookform/resolvers/zod';
import {
  AddSubscriberInput,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  SubscriberEmailInput,
} from '@labshop/shared/schemas/newsletter';
import { UserMinus, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { panelClass } from '../../admin/components/styles.ts';
import { AdminForm, AdminInputField } from '../../admin/components/admin-form.tsx';
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

  return (
    <AdminForm
      id={id}
      title="Unsubscribe an address"
      onSubmit={submit}
      onInput={clear}
      busy={isSubmitting}
      className={panelClass}
    >
      <div className="mt-4">
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
      </div>
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <FormSubmitButton
        icon={UserMinus}
        label="Unsubscribe"
        busyLabel="Unsubscribing..."
        busy={isSubmitting}
        className="mt-4"
      />
    </AdminForm>
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

  return (
    <AdminForm
      id={id}
      title="Add a subscriber"
      onSubmit={submit}
      onInput={clear}
      busy={isSubmitting}
      className={panelClass}
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <AdminInputField
          id={`${id}-name`}
          label="Name"
          error={errors.displayName?.message}
          {...register('displayName')}
          autoComplete="off"
          maxLength={NEWSLETTER_LIMITS.displayName}
        />
        <EmailField id={`${id}-email`} error={errors.email?.message} {...register('email')} />
      </div>
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <FormSubmitButton
        icon={UserPlus}
        label="Add Subscriber"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-4"
      />
    </AdminForm>
  );
}

/** A subscriber's address: typed as an e-mail, never corrected by the browser. */
function EmailField({
  id,
  error,
  ...registration
}: { id: string; error: string | undefined } & UseFormRegisterReturn) {
  return (
    <AdminInputField
      id={id}
      label="Email"
      error={error}
      {...registration}
      type="email"
      inputMode="email"
      autoComplete="off"
      spellCheck={false}
      maxLength={NEWSLETTER_LIMITS.email}
    />
  );
}
