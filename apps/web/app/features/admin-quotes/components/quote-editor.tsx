import { formatCents, formatDollars } from '@labshop/shared/money';
import type { FreightEstimateAnswer, NoFreightReason } from '@labshop/shared/schemas/freight';
import {
  QUOTE_DEFAULT_VALID_DAYS,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  type Quote,
} from '@labshop/shared/schemas/quotes';
import { ArrowLeft, FileX, Plus, Save, Send, Trash2 } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import { fieldAria, FieldErrorLine, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../admin/api/http.ts';
import { AdminTextareaField, AdminInputField } from '../../admin/components/admin-form.tsx';
import {
  AdminTable,
  ColumnHeading,
  tableCellClass,
  wideCellClass,
} from '../../admin/components/admin-table.tsx';
import { useConfirm } from '../../admin/components/confirm-dialog.tsx';
import { DetailList, type Detail } from '../../admin/components/detail-list.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { formatTime } from '../../admin/components/format-time.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { buttonClass, inputClass, panelClass } from '../../admin/components/styles.ts';
import { useTableFreight } from '../api/freight-estimate.ts';
import { useQuote } from '../api/get-quote.ts';
import { useSendQuote } from '../api/send-quote.ts';
import { useUpdateQuote } from '../api/update-quote.ts';
import {
  checkDraft,
  dayAfter,
  draftOf,
  draftTotals,
  lineCents,
  proposedDraft,
  sameDraft,
  weighedLines,
  type DraftErrors,
  type DraftLine,
  type QuoteDraft,
} from '../quote-draft.ts';
import { quotesListPath } from '../quotes-list-address.ts';
import { formatCalendarDay, isClosed, QuoteStatusBadge } from './quote-parts.tsx';

export const QUOTE_EDITOR_MESSAGES = {
  saved: (number: string) => `Quote ${number} was saved.`,
  notSaved: 'The quote could not be saved.',
  sent: (number: string, email: string) => `Quote ${number} was sent to ${email}.`,
  notSent: 'The quote could not be sent.',
  fixFields: 'Please correct the marked fields.',
  numberRequired: 'A product number is required.',
  duplicate: (number: string) => `${number} is on the quote already: change its quantity.`,
  missing: (number: string) => `There is no quote with the number ${number}.`,
} as const;

/** To the list as the admin left it (search, status, page), else the bare list. */
function BackToQuotes() {
  const to = quotesListPath(useLocation().state);
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to quotes
    </Link>
  );
}

/**
 * One quote (issue 37): who asked, where it ships and what they wrote; its lines, freight,
 * validity and note to edit, with live totals; Save and Send to customer. An accepted or
 * declined quote is shown read-only, with its order.
 */
export function QuoteEditorScreen({ number }: { number: string }) {
  const quote = useQuote(number);
  // A malformed number is as missing as an unknown one.
  const missing =
    quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400);
  return (
    <section aria-labelledby="quote-editor-heading">
      <BackToQuotes />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="quote-editor-heading" className="text-2xl font-bold text-brand-900">
          Quote {number}
        </h1>
        {quote.data && <QuoteStatusBadge status={quote.data.status} />}
      </div>
      {quote.isPending ? (
        <LoadingIndicator label="Loading the quote..." />
      ) : missing ? (
        <div role="alert" className={`mt-6 flex items-start gap-3 text-slate-700 ${panelClass}`}>
          <FileX className="mt-0.5 h-5 w-5 shrink-0 text-accent-700" aria-hidden="true" />
          <p className="font-semibold text-slate-900">{QUOTE_EDITOR_MESSAGES.missing(number)}</p>
        </div>
      ) : quote.isError || !quote.data ? (
        <LoadError what="The quote" />
      ) : (
        <QuoteDetails quote={quote.data} />
      )}
    </section>
  );
}

function ShipTo({ shipTo }: { shipTo: Quote['shipTo'] }) {
  return (
    <address className="not-italic">
      {[`${shipTo.firstName} ${shipTo.lastName}`.trim(), shipTo.address]
        .filter(Boolean)
        .map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      <span className="block">
        {shipTo.city}, {shipTo.state} {shipTo.zip}
      </span>
      <span className="block">{shipTo.country}</span>
      {shipTo.phone && <span className="block text-slate-600">{shipTo.phone}</span>}
    </address>
  );
}

/** The order made from the quote, in Orders History. */
function OrderLink({ orderNumber }: { orderNumber: string }) {
  return (
    <Link
      to={`/admin/orders-history?${new URLSearchParams({ search: orderNumber })}`}
      className="font-semibold text-brand-700 underline"
    >
      {orderNumber}
    </Link>
  );
}

function QuoteDetails({ quote }: { quote: Quote }) {
  const rows: Detail[] = [
    ['Requested', formatTime(quote.requestedAt)],
    [
      'Customer',
      <>
        <span className="block font-medium">{quote.customerName || '—'}</span>
        <span className="block [overflow-wrap:anywhere] text-slate-600">{quote.email}</span>
        {quote.customerNumber && (
          <span className="block text-slate-600">Customer number {quote.customerNumber}</span>
        )}
      </>,
    ],
    ['Ship to', <ShipTo key="ship-to" shipTo={quote.shipTo} />],
    ['PO number', quote.poNumber ?? '—'],
  ];
  if (quote.sentAt) rows.push(['Sent', formatTime(quote.sentAt)]);
  if (quote.acceptedAt) rows.push(['Accepted', formatTime(quote.acceptedAt)]);
  if (quote.declinedAt) rows.push(['Declined', formatTime(quote.declinedAt)]);
  if (quote.orderNumber) {
    rows.push(['Order', <OrderLink key="order" orderNumber={quote.orderNumber} />]);
  }
  return (
    <>
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <DetailList rows={rows} className={`gap-x-6 gap-y-2 ${panelClass}`} />
        <div className={panelClass}>
          <h2 className="text-sm font-semibold text-slate-600">The customer&apos;s message</h2>
          {quote.message ? (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-900">
              {quote.message}
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-500">No message.</p>
          )}
        </div>
      </div>
      {isClosed(quote.status) ? (
        <ClosedQuote quote={quote} />
      ) : (
        <QuoteForm key={quote.number} quote={quote} />
      )}
    </>
  );
}

const td = tableCellClass;
/** Shown from tablet width up; on phones the product cell carries it. */
const wide = wideCellClass;
/** A line's input cell: on phones with less room around it, so a line fits without scrolling. */
const inputCellClass = 'py-2.5 pr-1 pl-1 align-top md:px-3';

function Totals({
  subtotal,
  freight,
  total,
  note,
}: {
  subtotal: string;
  freight: string;
  total: string;
  note?: ReactNode;
}) {
  return (
    <div className="mt-4 flex flex-col items-end gap-1 text-sm">
      <dl className="grid grid-cols-[max-content_max-content] gap-x-6 gap-y-1 text-right">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-slate-900">{subtotal}</dd>
        <dt className="text-slate-600">Freight</dt>
        <dd className="text-slate-900">{freight}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="font-bold text-brand-900">{total}</dd>
      </dl>
      {note}
    </div>
  );
}

/** An accepted or declined quote: as it was agreed, nothing to change. */
function ClosedQuote({ quote }: { quote: Quote }) {
  return (
    <div className={`mt-6 ${panelClass}`}>
      <h2 className="text-lg font-bold text-brand-900">Lines</h2>
      <p className="mt-1 text-sm text-slate-600">{QUOTE_MESSAGES.closed}</p>
      <AdminTable
        caption="Quote lines"
        busy={false}
        head={
          <>
            <ColumnHeading>Product</ColumnHeading>
            <ColumnHeading wide className="text-right">
              List price
            </ColumnHeading>
            <ColumnHeading className="text-right">Quantity</ColumnHeading>
            <ColumnHeading className="text-right">Unit price</ColumnHeading>
            <ColumnHeading wide className="text-right">
              Line total
            </ColumnHeading>
          </>
        }
      >
        {quote.lines.map((line) => (
          <tr key={line.number}>
            <th scope="row" className={`${td} font-normal`}>
              <span className="block font-semibold text-slate-900">{line.title}</span>
              <span className="block text-xs text-slate-600">{line.number}</span>
              <span className="block text-xs text-slate-600 md:hidden">
                Line total {formatDollars(line.lineTotal)}
              </span>
            </th>
            <td className={`${td} ${wide} text-right whitespace-nowrap text-slate-600`}>
              {line.listPrice === null ? '—' : formatDollars(line.listPrice)}
            </td>
            <td className={`${td} text-right`}>{line.quantity}</td>
            <td className={`${td} text-right whitespace-nowrap`}>
              {formatDollars(line.unitPrice)}
            </td>
            <td className={`${td} ${wide} text-right font-semibold whitespace-nowrap`}>
              {formatDollars(line.lineTotal)}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Totals
        subtotal={formatDollars(quote.subtotal)}
        freight={quote.freight === null ? 'None' : formatDollars(quote.freight)}
        total={formatDollars(quote.total)}
      />
      <DetailList
        className="mt-5 gap-x-6 gap-y-2"
        rows={[
          ['Valid until', quote.validUntil ? formatCalendarDay(quote.validUntil) : '—'],
          [
            'Note to the customer',
            quote.note ? <span className="whitespace-pre-line">{quote.note}</span> : '—',
          ],
        ]}
      />
    </div>
  );
}

/** A $ before an amount's input; `className` sets its width (the input fills it). */
function DollarInput({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <div className={`relative [&_input]:pl-7 ${className}`.trim()}>
      <span
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
        aria-hidden="true"
      >
        $
      </span>
      {children}
    </div>
  );
}

const EMPTY_NEW_LINE = { number: '', quantity: '1', unitPrice: '' };

/** Why the freight table has no rate for the quote, as the editor says it. */
const NO_TABLE_RATE: Record<NoFreightReason, (state: string, weightLb: number | null) => string> = {
  'no-table': () => 'there is no freight table yet',
  'no-state': () => 'the ship-to has no state',
  'outside-us': () => 'it ships outside the US',
  'no-zone': (state) => `${state} is in no zone`,
  'no-weight': () => 'a product has no shipping weight',
  'too-heavy': (_state, weightLb) => `${weightLb ?? 'its'} lb is above the last band`,
};

/**
 * The freight table's rate for the quote's lines and ship-to, with a button that takes it: the
 * staff decide the quote's freight, the table is where they start.
 */
function TableFreightLine({
  estimate,
  state,
  onUse,
}: {
  estimate: FreightEstimateAnswer;
  state: string;
  onUse: (dollars: number) => void;
}) {
  const { freight, weightLb, zone, reason } = estimate;
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-slate-600"
      data-testid="table-freight"
    >
      {freight === null ? (
        `Freight table: no rate, ${reason ? NO_TABLE_RATE[reason](state, weightLb) : ''}.`
      ) : (
        <>
          <span>
            Freight table: {formatDollars(freight)}
            {weightLb !== null && ` for ${weightLb} lb`} to {state} ({zone}).
          </span>
          <button type="button" className={buttonClass.small} onClick={() => onUse(freight)}>
            Use {formatDollars(freight)}
          </button>
        </>
      )}
    </p>
  );
}

/** The editable quote: lines, the add row, freight, validity, note, totals and the actions. */
function QuoteForm({ quote }: { quote: Quote }) {
  const id = useId();
  const [saved, setSaved] = useState(() => draftOf(quote));
  const [draft, setDraft] = useState(() => proposedDraft(saved));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [newLine, setNewLine] = useState(EMPTY_NEW_LINE);
  const [newLineErrors, setNewLineErrors] = useState<DraftErrors>({});
  const { feedback, save } = useSaveFeedback();
  const update = useUpdateQuote();
  const send = useSendQuote();
  const confirm = useConfirm();
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a check that failed: the first marked field then takes the focus.
  const [failedChecks, setFailedChecks] = useState(0);
  useEffect(() => {
    if (failedChecks === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedChecks]);

  const changed = !sameDraft(draft, saved);
  const busy = update.isPending || send.isPending;
  const totals = draftTotals(draft);
  const today = new Date();
  const weighed = useMemo(() => weighedLines(draft), [draft]);
  const tableFreight = useTableFreight(weighed, quote.shipTo);

  const edit = (next: Partial<QuoteDraft>) => setDraft((current) => ({ ...current, ...next }));
  const editLine = (index: number, next: Partial<DraftLine>) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? { ...line, ...next } : line)),
    }));
  const removeLine = (index: number) => {
    setDraft((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));
    // The lines' messages are by position: the next check tells them again.
    setErrors(({ freight, validUntil, note }) => ({ freight, validUntil, note }));
  };

  const addLine = () => {
    const number = newLine.number.trim();
    const line: DraftLine = {
      number,
      title: null,
      listPrice: null,
      quantity: newLine.quantity,
      unitPrice: newLine.unitPrice,
    };
    const check = checkDraft({ lines: [line], freight: '', validUntil: '', note: '' });
    const found: DraftErrors = check.ok ? {} : { ...check.errors };
    delete found.lines;
    if (!number) found['number:0'] = QUOTE_EDITOR_MESSAGES.numberRequired;
    else if (draft.lines.some((entry) => entry.number.toLowerCase() === number.toLowerCase())) {
      found['number:0'] = QUOTE_EDITOR_MESSAGES.duplicate(number);
    }
    if (draft.lines.length >= QUOTE_LIMITS.lines) found.lines = QUOTE_MESSAGES.tooManyLines;
    setNewLineErrors(found);
    if (Object.keys(found).length > 0) return;
    edit({ lines: [...draft.lines, line] });
    setNewLine(EMPTY_NEW_LINE);
    document.getElementById(`${id}-new-number`)?.focus();
  };
  // Enter in the add row adds the line (not Save, the form's submit).
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addLine();
  };

  /** Checks and saves the draft when it changed; answers the quote, or null when it failed. */
  const saveDraft = async (): Promise<Quote | null> => {
    const check = checkDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setFailedChecks((count) => count + 1);
      return null;
    }
    setErrors({});
    const answer = await update.mutateAsync({ number: quote.number, body: check.body });
    const next = draftOf(answer);
    setSaved(next);
    setDraft(next);
    return answer;
  };

  const onSave = () =>
    save(
      async () => {
        const answer = await saveDraft();
        return answer
          ? { kind: 'success', lines: [QUOTE_EDITOR_MESSAGES.saved(answer.number)] }
          : { kind: 'error', lines: [QUOTE_EDITOR_MESSAGES.fixFields] };
      },
      { doing: 'Saving the quote', message: QUOTE_EDITOR_MESSAGES.notSaved },
    );

  const onSend = async () => {
    const confirmed = await confirm({
      question: `Send quote ${quote.number} to the customer?`,
      detail: `An e-mail with a link to the quote goes to ${quote.email}.${
        changed ? ' Your changes are saved first.' : ''
      }`,
      confirmLabel: 'Send',
    });
    if (!confirmed) return;
    await save(
      async () => {
        if (changed && !(await saveDraft())) {
          return { kind: 'error', lines: [QUOTE_EDITOR_MESSAGES.fixFields] };
        }
        const sent = await send.mutateAsync(quote.number);
        return { kind: 'success', lines: [QUOTE_EDITOR_MESSAGES.sent(sent.number, sent.email)] };
      },
      { doing: 'Sending the quote', message: QUOTE_EDITOR_MESSAGES.notSent },
    );
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const freightHint = 'Leave empty for no freight line.';
  const validHint = quote.validUntil
    ? 'The last day the lab can accept and pay the quote.'
    : `Proposed: ${QUOTE_DEFAULT_VALID_DAYS} days from today, saved with Save or Send.`;

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${id}-heading`}
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      className={`mt-6 ${panelClass}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-900">
        Lines and terms
      </h2>
      {errors.lines && (
        <p id={fieldId('lines-error')} className="mt-1 text-sm text-red-700">
          {errors.lines}
        </p>
      )}
      {draft.lines.length > 0 ? (
        <AdminTable
          caption="Quote lines"
          busy={false}
          head={
            <>
              <ColumnHeading>Product</ColumnHeading>
              <ColumnHeading wide className="text-right">
                List price
              </ColumnHeading>
              <ColumnHeading>Quantity</ColumnHeading>
              <ColumnHeading>Unit price</ColumnHeading>
              <ColumnHeading wide className="text-right">
                Line total
              </ColumnHeading>
              <ColumnHeading wide>
                <span className="sr-only">Remove</span>
              </ColumnHeading>
            </>
          }
        >
          {draft.lines.map((line, index) => (
            <LineRow
              key={line.number}
              id={`${id}-line-${index}`}
              line={line}
              errors={{
                quantity: errors[`quantity:${index}`],
                unitPrice: errors[`unitPrice:${index}`],
              }}
              onChange={(next) => editLine(index, next)}
              onRemove={() => removeLine(index)}
            />
          ))}
        </AdminTable>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{QUOTE_MESSAGES.noLines}</p>
      )}

      <fieldset className="mt-4 rounded-md border border-dashed border-slate-300 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-700">Add line</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start">
          <FormField
            look="admin"
            id={fieldId('new-number')}
            label="Product number"
            error={newLineErrors['number:0']}
            className="col-span-2 sm:col-span-1"
          >
            <input
              {...fieldAria(fieldId('new-number'), newLineErrors['number:0'])}
              className={inputClass}
              value={newLine.number}
              onChange={(event) => setNewLine({ ...newLine, number: event.target.value })}
              onKeyDown={addOnEnter}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
            />
          </FormField>
          <FormField
            look="admin"
            id={fieldId('new-quantity')}
            label="Quantity"
            error={newLineErrors['quantity:0']}
          >
            <input
              {...fieldAria(fieldId('new-quantity'), newLineErrors['quantity:0'])}
              className={inputClass}
              value={newLine.quantity}
              onChange={(event) => setNewLine({ ...newLine, quantity: event.target.value })}
              onKeyDown={addOnEnter}
              inputMode="numeric"
              autoComplete="off"
            />
          </FormField>
          <FormField
            look="admin"
            id={fieldId('new-price')}
            label="Unit price"
            error={newLineErrors['unitPrice:0']}
          >
            <DollarInput>
              <input
                {...fieldAria(fieldId('new-price'), newLineErrors['unitPrice:0'])}
                className={inputClass}
                value={newLine.unitPrice}
                onChange={(event) => setNewLine({ ...newLine, unitPrice: event.target.value })}
                onKeyDown={addOnEnter}
                inputMode="decimal"
                autoComplete="off"
              />
            </DollarInput>
          </FormField>
          <button
            type="button"
            onClick={addLine}
            className={`${buttonClass.secondary} col-span-2 sm:col-span-1 sm:mt-7`}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add line
          </button>
        </div>
        {newLineErrors.lines && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {newLineErrors.lines}
          </p>
        )}
        <p className="mt-2 text-xs text-slate-500">
          The product&apos;s title and list price are filled in when the quote is saved.
        </p>
      </fieldset>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormField
          look="admin"
          id={fieldId('freight')}
          label="Freight"
          note="(optional)"
          hint={freightHint}
          error={errors.freight}
        >
          <DollarInput>
            <input
              {...fieldAria(fieldId('freight'), errors.freight, freightHint)}
              className={inputClass}
              value={draft.freight}
              onChange={(event) => edit({ freight: event.target.value })}
              inputMode="decimal"
              autoComplete="off"
            />
          </DollarInput>
          {tableFreight.data && (
            <TableFreightLine
              estimate={tableFreight.data}
              state={quote.shipTo.state}
              onUse={(dollars) => edit({ freight: dollars.toFixed(2) })}
            />
          )}
        </FormField>
        <AdminInputField
          id={fieldId('valid-until')}
          label="Valid until"
          type="date"
          hint={validHint}
          error={errors.validUntil}
          value={draft.validUntil}
          min={dayAfter(today, 0)}
          max={dayAfter(today, QUOTE_LIMITS.validForMaxDays)}
          onChange={(event) => edit({ validUntil: event.target.value })}
        />
      </div>
      <Totals
        subtotal={formatCents(totals.subtotal)}
        freight={totals.freight === null ? 'None' : formatCents(totals.freight)}
        total={formatCents(totals.total)}
        note={
          totals.incomplete && (
            <p className="text-xs text-amber-800">
              Amounts that are not valid yet are left out of the totals.
            </p>
          )
        }
      />

      <AdminTextareaField
        id={fieldId('note')}
        label="Note to the customer"
        note="(optional)"
        hint="Shown to the lab with the quote and in its e-mail."
        error={errors.note}
        className="mt-5"
        rows={4}
        maxLength={QUOTE_LIMITS.note}
        value={draft.note}
        onChange={(event) => edit({ note: event.target.value })}
      />

      <FeedbackRegions feedback={feedback} className="mt-5" />

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <FormSubmitButton icon={Save} label="Save" busyLabel="Saving..." busy={busy} />
        <button
          type="button"
          onClick={() => void onSend()}
          disabled={busy}
          className={buttonClass.accent}
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send to customer'}
        </button>
        {changed && <span className="text-sm text-amber-800">Unsaved changes</span>}
      </div>
    </form>
  );
}

function LineRow({
  id,
  line,
  errors,
  onChange,
  onRemove,
}: {
  id: string;
  line: DraftLine;
  errors: { quantity?: string; unitPrice?: string };
  onChange: (next: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const name = line.title ?? line.number;
  const cents = lineCents(line);
  const lineTotal = cents === null ? '—' : formatCents(cents);
  const removeButton = (className: string) => (
    <button
      type="button"
      onClick={onRemove}
      className={`${buttonClass.dangerSmall} ${className}`}
      aria-label={`Remove ${name}`}
    >
      <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
      Remove
    </button>
  );
  return (
    <tr>
      <th scope="row" className={`${td} min-w-28 font-normal`}>
        <span className="block font-semibold break-words text-slate-900">
          {line.title ?? <span className="text-slate-600 italic">New line</span>}
        </span>
        <span className="block text-xs text-slate-600">{line.number}</span>
        {/* On phones the columns that do not fit are told here. */}
        <span className="block text-xs text-slate-600 md:hidden">
          {line.listPrice !== null && <>List {formatDollars(line.listPrice)} · </>}
          Total <span className="font-semibold text-slate-900">{lineTotal}</span>
        </span>
        {removeButton('mt-1 -ml-2 md:hidden')}
      </th>
      <td className={`${td} ${wide} text-right whitespace-nowrap text-slate-600`}>
        {line.listPrice === null ? '—' : formatDollars(line.listPrice)}
      </td>
      <td className={inputCellClass}>
        <div className="w-14 md:w-20">
          <input
            {...fieldAria(`${id}-quantity`, errors.quantity)}
            aria-label={`Quantity of ${name}`}
            className={inputClass}
            value={line.quantity}
            onChange={(event) => onChange({ quantity: event.target.value })}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        <FieldErrorLine id={`${id}-quantity`} error={errors.quantity} look="admin" />
      </td>
      <td className={inputCellClass}>
        <DollarInput className="w-24 md:w-32">
          <input
            {...fieldAria(`${id}-price`, errors.unitPrice)}
            aria-label={`Unit price of ${name}`}
            className={inputClass}
            value={line.unitPrice}
            onChange={(event) => onChange({ unitPrice: event.target.value })}
            inputMode="decimal"
            autoComplete="off"
          />
        </DollarInput>
        <FieldErrorLine id={`${id}-price`} error={errors.unitPrice} look="admin" />
      </td>
      <td className={`${td} ${wide} text-right font-semibold whitespace-nowrap text-slate-900`}>
        {lineTotal}
      </td>
      <td className={`${td} ${wide}`}>{removeButton('')}</td>
    </tr>
  );
}
