import { formatDollars } from '@labshop/shared/money';
import {
  DEFAULT_DUE_DAYS,
  termsLabel,
  TERMS_LIMITS,
  type CustomerTermsEntry,
  type TermsMode,
} from '@labshop/shared/schemas/payment-terms';
import { CustomerTermsInput } from '@labshop/shared/schemas/payment-terms-dto';
import { Pencil, Receipt, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AdminDialog } from '../../admin/components/admin-dialog.tsx';
import { AdminInputField } from '../../admin/components/admin-form.tsx';
import { useActionFeedback } from '../../admin/components/action-feedback.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { buttonClass } from '../../admin/components/styles.ts';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { useUpdateCustomerTerms } from '../api/update-customer-terms.ts';

export const PAY_ON_ACCOUNT_MESSAGES = {
  notSaved: 'Pay on account could not be changed. Please try again.',
  saved: (name: string) => `Pay on account saved for ${name}.`,
  noCustomer: 'No customer number has this e-mail, so it cannot be changed here.',
} as const;

const limitText = (creditLimit: number | null) =>
  creditLimit === null ? 'no credit limit' : `credit limit ${formatDollars(creditLimit)}`;

/** Terms by their days when known ('Net 30'), else as the ERP names them. */
const termsText = (terms: string | null, dueDays: number | null) =>
  dueDays !== null ? termsLabel(dueDays) : terms;

/**
 * The card's line: 'Pay on account: Net 30, credit limit $25,000.00 (from the ERP)', 'Pay on
 * account: Net 45, no credit limit (allowed by the shop)', 'Pay on account: off (set by the
 * shop)', or 'Card only' when the ERP has no terms and the shop said nothing.
 */
export function payOnAccountLine(entry: CustomerTermsEntry): string {
  if (entry.mode === 'off') return 'Pay on account: off (set by the shop)';
  if (!entry.onAccount) return 'Card only';
  const terms = termsText(entry.terms, entry.effectiveDueDays) ?? 'on account';
  const source = entry.mode === 'allowed' ? 'allowed by the shop' : 'from the ERP';
  return `Pay on account: ${terms}, ${limitText(entry.effectiveCreditLimit)} (${source})`;
}

/** The ERP's own say, for the form's first choice: 'NET30, credit limit $25,000.00' or 'none'. */
export function erpTermsText(erp: CustomerTermsEntry['erp']): string {
  const terms = termsText(erp.terms, erp.dueDays);
  if (!terms) return 'no terms';
  return erp.creditLimit === null ? terms : `${terms}, ${limitText(erp.creditLimit)}`;
}

/**
 * Ours (issue 37): on a customer card, whether the customer may pay on account and why, and
 * (when a customer number has the e-mail) Change, which opens a small form to let the ERP
 * decide, allow it with days to pay and a credit limit, or turn it off.
 */
export function PayOnAccount({ name, entry }: { name: string; entry: CustomerTermsEntry }) {
  const [editing, setEditing] = useState(false);
  const { feedback, show } = useActionFeedback();
  const line = payOnAccountLine(entry);
  return (
    <div className="mt-3 border-t border-slate-100 pt-3 text-sm">
      <div className="flex items-start gap-2">
        <Receipt className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-slate-700">
          {line}
          {entry.customerNumber === null && (
            <span className="block text-xs text-slate-500">
              {PAY_ON_ACCOUNT_MESSAGES.noCustomer}
            </span>
          )}
        </p>
        {entry.customerNumber !== null && (
          <button
            type="button"
            className={`-my-1 shrink-0 ${buttonClass.small}`}
            aria-label={`Change pay on account for ${name}`}
            onClick={() => {
              show(null);
              setEditing(true);
            }}
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            Change
          </button>
        )}
      </div>
      <FeedbackRegions feedback={feedback} className="mt-2" />
      {entry.customerNumber !== null && (
        <AdminDialog
          open={editing}
          width="md"
          title={`Pay on account: ${name}`}
          onClose={() => setEditing(false)}
        >
          {editing && (
            <TermsForm
              entry={entry}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                show({
                  kind: 'success',
                  lines: [PAY_ON_ACCOUNT_MESSAGES.saved(name)],
                });
              }}
            />
          )}
        </AdminDialog>
      )}
    </div>
  );
}

/** The form holds what was typed: days and dollars as text, '' for "no limit". */
interface TermsFormValues {
  mode: TermsMode;
  dueDays: string;
  creditLimit: string;
}

/** Typed dollars as a number: '$10,000' and '10000.50' are amounts; '' is no limit. */
function typedDollars(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  return cleaned === '' ? null : Number(cleaned);
}

function TermsForm({
  entry,
  onCancel,
  onSaved,
}: {
  entry: CustomerTermsEntry;
  onCancel: () => void;
  /** After a save: the card shows the saved terms from the query's cache. */
  onSaved: () => void;
}) {
  const id = useId();
  const update = useUpdateCustomerTerms();
  const { feedback, save } = useSaveFeedback();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TermsFormValues>({
    defaultValues: {
      mode: entry.mode,
      dueDays: String(entry.dueDays ?? DEFAULT_DUE_DAYS),
      creditLimit: entry.creditLimit === null ? '' : String(entry.creditLimit),
    },
  });
  const mode = useWatch({ control, name: 'mode' });

  const submit = handleSubmit(async (values) => {
    const allowed = values.mode === 'allowed';
    const checked = CustomerTermsInput.safeParse({
      email: entry.email,
      mode: values.mode,
      // Only 'allowed' has days and a limit; Number('') is 0, which the schema refuses.
      dueDays: allowed ? Number(values.dueDays.trim()) : null,
      creditLimit: allowed ? typedDollars(values.creditLimit) : null,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'dueDays' || field === 'creditLimit') {
          setError(field, { message: issue.message }, { shouldFocus: true });
        }
      }
      return;
    }
    // The card tells a success once the dialog has closed; a failure shows here.
    const result = { saved: false };
    await save(
      async () => {
        await update.mutateAsync(checked.data);
        result.saved = true;
        return null;
      },
      { doing: 'Changing pay on account', message: PAY_ON_ACCOUNT_MESSAGES.notSaved },
    );
    if (result.saved) onSaved();
  });

  const choices: { value: TermsMode; label: string }[] = [
    { value: 'erp', label: `As the ERP says (${erpTermsText(entry.erp)})` },
    { value: 'allowed', label: 'Allowed by the shop' },
    { value: 'off', label: 'Off' },
  ];
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-700">Pay on account</legend>
        <div className="mt-2 space-y-2">
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={choice.value}
                {...register('mode')}
                data-autofocus={choice.value === entry.mode ? '' : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 break-words">{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'allowed' && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <AdminInputField
            id={`${id}-days`}
            label="Days to pay"
            error={errors.dueDays?.message}
            {...register('dueDays')}
            type="number"
            inputMode="numeric"
            min={TERMS_LIMITS.dueDaysMin}
            max={TERMS_LIMITS.dueDaysMax}
            step={1}
          />
          <AdminInputField
            id={`${id}-limit`}
            label="Credit limit"
            note="(dollars)"
            hint="Empty: no limit."
            error={errors.creditLimit?.message}
            {...register('creditLimit')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="No limit"
          />
        </div>
      )}
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonClass.secondary}>
          Cancel
        </button>
        <FormSubmitButton icon={Save} label="Save" busyLabel="Saving..." busy={isSubmitting} />
      </div>
    </form>
  );
}
