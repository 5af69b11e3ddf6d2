import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  NewsletterInput,
  type NewsletterPreview,
} from '@labshop/shared/schemas/newsletter';
import { Eye, MailCheck, Send } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AdminDialog } from '../../admin/components/admin-dialog.tsx';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass, labelClass } from '../../admin/components/styles.ts';
import { AdminForm, AdminInputField } from '../../admin/components/admin-form.tsx';
import { FieldErrorLine } from '../../../components/form-field.tsx';
import { previewNewsletter, sendTestNewsletter, useSendNewsletter } from '../api/sends.ts';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';

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
 * text editor, Preview (the mail as a recipient gets it), Send test to me (one copy to the
 * signed-in admin) and Send, which asks first. The server queues the send and answers at once;
 * `onQueued` hands its id to the progress panel.
 */
export function SendForm({ onQueued }: { onQueued: (id: string) => void }) {
  const id = useId();
  const send = useSendNewsletter();
  const confirm = useConfirm();
  const { feedback, show, clear, save } = useSaveFeedback();
  const [preview, setPreview] = useState<NewsletterPreview | null>(null);
  // Which button's action runs: only its own label says so.
  const [running, setRunning] = useState<'send' | 'preview' | 'test' | null>(null);
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
    show(null);
    const confirmed = await confirm({
      question: `Send “${values.subject}” to every subscribed address now?`,
      confirmLabel: 'Send',
    });
    if (!confirmed) return;
    setRunning('send');
    await save(
      async () => {
        const answer = await send.mutateAsync(values);
        reset(EMPTY);
        setEditorKey((key) => key + 1);
        onQueued(answer.newsletter.id);
        return { kind: 'success', lines: [answer.message] };
      },
      { doing: 'Sending the newsletter', message: NEWSLETTER_MESSAGES.genericError },
    );
    setRunning(null);
  });

  const showPreview = handleSubmit(async (values) => {
    setRunning('preview');
    await save(
      async () => {
        setPreview(await previewNewsletter(values));
        return null;
      },
      { doing: 'Previewing the newsletter', message: NEWSLETTER_MESSAGES.genericError },
    );
    setRunning(null);
  });

  const sendTest = handleSubmit(async (values) => {
    setRunning('test');
    await save(
      async () => {
        const answer = await sendTestNewsletter(values);
        return { kind: 'success', lines: [answer.message] };
      },
      { doing: 'Sending the test copy', message: NEWSLETTER_MESSAGES.testFailed },
    );
    setRunning(null);
  });

  const contentId = `${id}-content`;
  return (
    <>
      <AdminForm
        id={id}
        title="Send a newsletter"
        onSubmit={submit}
        onInput={clear}
        busy={isSubmitting}
      >
        <p className="mt-1 text-sm text-slate-600">
          Goes to every subscribed address, each with its own unsubscribe link. Preview it, or send
          a test copy to yourself, first.
        </p>
        <div className="mt-4 space-y-5">
          <AdminInputField
            id={`${id}-subject`}
            label="Subject"
            error={errors.subject?.message}
            {...register('subject')}
            autoComplete="off"
            maxLength={NEWSLETTER_LIMITS.subject}
          />
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
            <FieldErrorLine id={contentId} error={errors.content?.message} look="admin" />
          </div>
        </div>
        <FeedbackRegions feedback={feedback} className="mt-5" />
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={(event) => void showPreview(event)}
            disabled={isSubmitting}
            className={buttonClass.secondary}
          >
            <Eye className="h-4 w-4" aria-hidden="true" />
            {running === 'preview' ? 'Loading preview...' : 'Preview'}
          </button>
          <button
            type="button"
            onClick={(event) => void sendTest(event)}
            disabled={isSubmitting}
            className={buttonClass.secondary}
          >
            <MailCheck className="h-4 w-4" aria-hidden="true" />
            {running === 'test' ? 'Sending test...' : 'Send test to me'}
          </button>
          <FormSubmitButton
            icon={Send}
            label="Send Newsletter"
            busyLabel={running === 'send' ? 'Sending...' : 'Send Newsletter'}
            busy={isSubmitting}
          />
        </div>
      </AdminForm>
      {/* Outside the form: the dialog holds a form of its own. */}
      <AdminDialog
        open={preview !== null}
        title={preview ? `Preview: ${preview.subject}` : 'Preview'}
        onClose={() => setPreview(null)}
      >
        {preview && (
          <>
            <p className="text-sm text-slate-600">
              As a subscriber receives it (their own unsubscribe link in the footer). Nothing has
              been sent.
            </p>
            {/* sandbox="": no scripts, forms or navigation, a unique origin. */}
            <iframe
              title={`Preview of the newsletter “${preview.subject}”`}
              sandbox=""
              srcDoc={preview.html}
              className="mt-3 h-[60vh] w-full rounded-md border border-slate-200 bg-white"
            />
          </>
        )}
      </AdminDialog>
    </>
  );
}
