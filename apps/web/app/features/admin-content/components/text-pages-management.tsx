import { TEXT_PAGES, type TextPageName } from '@labshop/shared/constants';
import { isTextPageName, TEXT_PAGE_MESSAGES } from '@labshop/shared/schemas/content';
import { ExternalLink, Save } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../admin/api/http.ts';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass, inputClass, panelClass } from '../../admin/components/styles.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useTextPage } from '../api/get-text-page.ts';
import { useUpdateTextPage } from '../api/update-text-page.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';

// TipTap is big and only this screen needs it: its own chunk, fetched when the screen opens.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const DEFAULT_PAGE: TextPageName = TEXT_PAGES[0].name;

/** 'Failed to save page. ' plus the server's message or 'Please try again.' (SPEC.md 8). */
export function saveFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.message.trim() : '';
  return TEXT_PAGE_MESSAGES.notSavedPrefix + (reason || TEXT_PAGE_MESSAGES.notSavedFallback);
}

/**
 * Text Pages Management (SPEC.md "Admin screens"): choose a page, edit it in the rich-text
 * editor, save. The chosen page is in the address (?page=Privacy%20Policy), so a reload keeps it.
 */
export function TextPagesManagement() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('page') ?? '';
  const name: TextPageName = isTextPageName(requested) ? requested : DEFAULT_PAGE;
  const publicPath = TEXT_PAGES.find((page) => page.name === name)?.path ?? '/';

  const page = useTextPage(name);
  const update = useUpdateTextPage();
  const { feedback, show, save: saveWithFeedback } = useSaveFeedback();
  // The editor's HTML since it was loaded; null while nothing was changed.
  const draft = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const confirm = useConfirm();
  // A new value remounts the editor with the stored content (after a save: the sanitised HTML).
  const [loads, setLoads] = useState(0);

  const choosePage = async (next: string) => {
    if (!isTextPageName(next) || next === name) return;
    if (
      dirty &&
      !(await confirm({
        question: `Discard the unsaved changes to ${name}?`,
        confirmLabel: 'Discard',
        destructive: true,
      }))
    ) {
      return;
    }
    draft.current = null;
    setDirty(false);
    show(null);
    setSearchParams(next === DEFAULT_PAGE ? {} : { page: next }, { preventScrollReset: true });
  };

  const save = async () => {
    if (!page.data) return;
    const content = draft.current ?? page.data.content;
    await saveWithFeedback(
      async () => {
        await update.mutateAsync({ name, content });
        draft.current = null;
        setDirty(false);
        setLoads((count) => count + 1);
        return { kind: 'success', lines: [TEXT_PAGE_MESSAGES.saved] };
      },
      { doing: 'Saving the text page', message: (error) => [saveFailure(error)] },
    );
  };

  const selectId = `${id}-page`;
  // The editor starts from what is stored now: a copy cached by an earlier visit is refetched first.
  const ready = page.isSuccess && page.isFetchedAfterMount;
  return (
    <section aria-labelledby="text-pages-heading">
      <ScreenHeading
        id="text-pages-heading"
        title="Text Pages Management"
        description="About, policies, FAQ, partners and support pages."
      />

      <div className={`mt-6 ${panelClass}`}>
        <div className="flex flex-wrap items-end gap-3">
          <FormField look="admin" id={selectId} label="Page" className="w-full sm:w-72">
            <select
              id={selectId}
              value={name}
              onChange={(event) => void choosePage(event.target.value)}
              className={inputClass}
            >
              {TEXT_PAGES.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.name}
                </option>
              ))}
            </select>
          </FormField>
          <a
            href={publicPath}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.secondary}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            View page
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>

        <div className="mt-5">
          {page.isError ? (
            <LoadError what={`The page ${name}`} />
          ) : !ready ? (
            <LoadingIndicator label={`Loading ${name}...`} />
          ) : (
            <Suspense fallback={<LoadingIndicator label="Loading the editor..." />}>
              <RichTextEditor
                key={`${name}:${loads}`}
                content={page.data.content}
                label={`Content of ${name}`}
                onChange={(html) => {
                  draft.current = html;
                  if (!dirty) setDirty(true);
                }}
              />
            </Suspense>
          )}
        </div>

        <FeedbackRegions feedback={feedback} className="mt-5" />
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => void save()}
            disabled={!ready || update.isPending}
            className={buttonClass.primary}
          >
            <Save className="h-4 w-4" aria-hidden="true" />
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
          {dirty && <span className="text-sm text-slate-600">Unsaved changes</span>}
        </div>
      </div>
    </section>
  );
}
