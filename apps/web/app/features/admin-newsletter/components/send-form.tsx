import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  NewsletterInput,
} from '@labshop/shared/schemas/newsletter';
import { Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { FeedbackRegions, type Feedback } from '../../admin/components/feedback.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { fieldErrorClass, inputClass, labelClass } from '../../admin/components/styles.ts';
import { failureLines } from '../../admin-content/components/failure-lines.ts';
import { fieldAria, FormField } from '../../admin-content/components/form-field.tsx';
import { useSendNewsletter } from '../api/sends.ts';

// TipTap is big: the Text Pages screen's editor, in its own chunk, fetched when this screen opens.
const RichTextEditor = lazy(() => import('../../admin-content/components/rich-text-editor.tsx'));

/**
 * Whether the editor's HTML says nothing: no text, no image, no table (an emptied editor still
 * holds '<p></p>'). The server checks the sanitised HTML the same way.
 */
export function isBlankContent(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

const SendFormSchema = NewsletterInput.extend({
  content: NewsletterInput.shape.content.refine(
    (html) => !isBlankContent(html),
    NEWSLETTER_MESSAGES.contentRequired,
  ),
});

interface SendFormValues {
  subject: string;
  content: string;
}

const EMPTY: SendFormValues = { subject: '', content: '' };

/**
 * The send form (SPEC.md: subject and content required): the subject, the content in the rich-
 * text editor, and Send, which asks first. The server queues the send and answers at once;
 * `onQueued` hands its id to the progress panel.
 */
export function SendForm({ onQueued }: { onQueued: (id: string) => void }) {
  const id = useId();
  const send = useSendNewsletter();
  const confirm = useConfirm();
  const [feedback, setFeedback] = useState<Feedback>(null);
  // A new value remounts the editor empty (after a send).
  const [editorKey, setEditorKey] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SendFormValues>({
    resolver: zodResolver(SendFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    setFeedback(null);
    const confirmed = await confirm({
      question: `Send “${values.subject}” to every subscribed address now?`,
      confirmLabel: 'Send',
    });
    if (!confirmed) return;
    try {
      const answer = await send.mutateAsync(values);
      reset(EMPTY);
      setEditorKey((key) => key + 1);
      setFeedback({ kind: 'success', lines: [answer.message] });
      onQueued(answer.newsletter.id);
    } catch (error) {
      console.error('Sending the newsletter failed:', error);
      setFeedback({ kind: 'error', lines: failureLines(error, NEWSLETTER_MESSAGES.genericError) });
    }
  });

  const subjectId = `${id}-subject`;
  const contentId = `${id}-content`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      aria-busy={isSubmitting}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        Send a newsletter
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Goes to every subscribed address, each with its own unsubscribe link.
      </p>
      <div className="mt-4 space-y-5">
        <FormField id={subjectId} label="Subject" error={errors.subject?.message}>
          <input
            {...fieldAria(subjectId, errors.subject?.message)}
            {...register('subject')}
            autoComplete="off"
            maxLength={NEWSLETTER_LIMITS.subject}
            className={inputClass}
          />
        </FormField>
        <div>
          {/* The editor is not a form control: the label names it through aria-label. */}
          <p id={contentId} className={labelClass}>
            Content
          </p>
          <div className="mt-1.5">
            <Controller
              control={control}
              name="content"
              render={({ field }) => (
                <Suspense fallback={<LoadingIndicator label="Loading the editor..." />}>
                  <RichTextEditor
                    key={editorKey}
                    content=""
                    label="Newsletter content"
                    onChange={field.onChange}
                  />
                </Suspense>
              )}
            />
          </div>
          {errors.content?.message && (
            <p id={`${contentId}-error`} className={fieldErrorClass}>
              {errors.content.message}
            </p>
          )}
        </div>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-5" />
      <FormSubmitButton
        icon={Send}
        label="Send Newsletter"
        busyLabel="Sending..."
        busy={isSubmitting}
        className="mt-5"
      />
    </form>
  );
}
