import { formatCents } from '@labshop/shared/money';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldAria, FormField, formInputClass } from '../../../components/form-field.tsx';
import { QUICK_ORDER_FIELDS, type QuickOrderPosted } from '../quick-order-form-fields.ts';
import { useQuickOrderResults } from '../use-quick-order-results.ts';
import { QuickOrderResults } from './quick-order-results.tsx';

const TEXT_ID = 'quick-order-text';
const FILE_ID = 'quick-order-file';

/** The text and a file's, one after the other (blank ones left out). */
function joined(text: string, more: string): string {
  return [text.trimEnd(), more].filter((part) => part.trim() !== '').join('\n');
}

/**
 * The quick order: lines typed, pasted or read from a CSV file, checked as they are typed, and
 * 'Add N products to cart'. It is a plain form posted to the page's action (which resolves the
 * lines again and fills the cart), so it works the same before the code has started. The
 * textarea is uncontrolled: what was typed before the code started stays, and is checked once
 * it has.
 */
export function QuickOrderForm({ posted }: { posted: QuickOrderPosted | null }) {
  const textArea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(posted?.text ?? '');
  const { answer, error, checking } = useQuickOrderResults(text, posted);

  /** A chosen file's lines go into the text, so they are seen, checked and posted once. */
  async function addFile(file: File) {
    const fileText = await file.text();
    const area = textArea.current;
    if (!area) return;
    area.value = joined(area.value, fileText);
    if (fileInput.current) fileInput.current.value = '';
    setText(area.value);
  }

  // Text typed and a file chosen before the code started count too.
  useEffect(() => {
    setText(textArea.current?.value ?? '');
    const file = fileInput.current?.files?.[0];
    if (file) void addFile(file);
    // Once, as the code starts: later changes come through the fields' own events.
  }, []);

  const ready = answer?.readyCount ?? null;
  const buttonLabel =
    ready === null
      ? 'Add products to cart'
      : `Add ${ready} ${ready === 1 ? 'product' : 'products'} to cart`;

  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-10"
    >
      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24">
        <FormField
          look="storefront"
          label="Product numbers and quantities"
          id={TEXT_ID}
          hint="One product a line: its number, then the quantity (1 if left out)."
        >
          <textarea
            {...fieldAria(TEXT_ID, undefined, true)}
            ref={textArea}
            name={QUICK_ORDER_FIELDS.text}
            defaultValue={posted?.text ?? ''}
            onChange={(event) => setText(event.currentTarget.value)}
            rows={10}
            spellCheck={false}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={'AG-210 2\nVB-12, 1'}
            className={`${formInputClass} font-mono`}
          />
        </FormField>
        <FormField
          look="storefront"
          label="Or upload a CSV file"
          id={FILE_ID}
          hint="A column of product numbers and one of quantities; a header line is skipped."
        >
          <input
            {...fieldAria(FILE_ID, undefined, true)}
            ref={fileInput}
            name={QUICK_ORDER_FIELDS.file}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void addFile(file);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-50"
          />
        </FormField>

        <div role="status" aria-live="polite" className="text-sm text-slate-700">
          {answer && answer.lines.length > 0 && (
            <p>
              <span className="font-semibold text-slate-900">
                {answer.readyCount} of {answer.lines.length}
              </span>{' '}
              {answer.lines.length === 1 ? 'line' : 'lines'} ready
              {answer.readyCount > 0 && (
                <>
                  , total{' '}
                  <span className="font-semibold text-slate-900" data-testid="quick-order-total">
                    {formatCents(answer.totalCents)}
                  </span>
                </>
              )}
              {answer.tier === 'wholesale' && '. Your partner prices are shown'}.
            </p>
          )}
          {checking && <p className="text-slate-600">Checking your lines…</p>}
        </div>
        <div role="alert">{error && <ErrorAlert>{error}</ErrorAlert>}</div>

        <button
          type="submit"
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-accent-700 px-6 py-3 font-semibold text-white shadow-sm hover:brightness-90"
        >
          <ShoppingCart className="h-4 w-4" aria-hidden="true" />
          {buttonLabel}
        </button>
      </div>

      <section aria-label="Checked lines">
        {answer && answer.lines.length > 0 ? (
          <QuickOrderResults lines={answer.lines} />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center text-slate-600">
            Your lines appear here, each with its product, price and availability, as you type.
          </p>
        )}
      </section>
    </form>
  );
}
