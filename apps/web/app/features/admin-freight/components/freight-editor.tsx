import { FREIGHT_LIMITS } from '@labshop/shared/schemas/freight';
import type { FreightTableAnswer } from '@labshop/shared/schemas/freight-dto';
import { usStateOptions } from '@labshop/shared/us-states';
import { Plus, Save, Trash2 } from 'lucide-react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { fieldAria, FieldErrorLine, FormField } from '../../../components/form-field.tsx';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';
import { formatTime } from '../../admin/components/format-time.ts';
import { LoadError } from '../../admin/components/load-error.tsx';
import { LoadingIndicator } from '../../admin/components/loading-indicator.tsx';
import { ScreenHeading } from '../../admin/components/screen-heading.tsx';
import {
  buttonClass,
  fieldErrorClass,
  inputClass,
  labelClass,
  panelClass,
} from '../../admin/components/styles.ts';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { useFreightTable } from '../api/get-freight-table.ts';
import { useUpdateFreightTable } from '../api/update-freight-table.ts';
import {
  checkZones,
  draftOf,
  emptyBand,
  emptyZone,
  sameZones,
  statesInNoZone,
  withState,
  type BandDraft,
  type FieldKey,
  type FreightErrors,
  type ZoneDraft,
} from '../freight-draft.ts';

export const FREIGHT_SCREEN_MESSAGES = {
  explanation:
    "Orders shipped to a state in a zone pay the zone's rate, shown as an estimate in the cart and charged at checkout; elsewhere the order says 'Price does not include freight charges'.",
  saved: 'The freight table was saved.',
  notSaved: 'The freight table could not be saved.',
  noZones: "No zones yet: every order says 'Price does not include freight charges'.",
  neverSaved: 'Not saved yet.',
  lastSaved: (when: string) => `Last saved ${when}.`,
  everyStateZoned: 'None: every state is in a zone.',
} as const;

const STATES = usStateOptions();

const FLAT_HINT = 'The same whatever the order weighs.';

/** What a zone is called on screen while its name is empty. */
const zoneTitle = (zone: ZoneDraft, index: number) => zone.name.trim() || `Zone ${index + 1}`;

/**
 * The Freight screen (issue 37): the freight table's zones, each with its US states and a flat
 * rate or rates by weight band, saved as a whole.
 */
export function FreightScreen() {
  const table = useFreightTable();
  return (
    <section aria-labelledby="freight-heading">
      <ScreenHeading
        id="freight-heading"
        title="Freight"
        description={FREIGHT_SCREEN_MESSAGES.explanation}
      />
      {table.isPending ? (
        <LoadingIndicator label="Loading the freight table..." />
      ) : table.isError || !table.data ? (
        <LoadError what="The freight table" />
      ) : (
        <FreightForm table={table.data} />
      )}
    </section>
  );
}

function FreightForm({ table }: { table: FreightTableAnswer }) {
  const id = useId();
  const [saved, setSaved] = useState(() => draftOf(table));
  const [zones, setZones] = useState(saved);
  const [updatedAt, setUpdatedAt] = useState(table.updatedAt);
  const [errors, setErrors] = useState<FreightErrors>({});
  const { feedback, save } = useSaveFeedback();
  const update = useUpdateFreightTable();
  const nextKey = useRef(saved.length);
  // An element to focus once the form has re-rendered: a new field, where a removed one was,
  // or the field of the first message of a failed check.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const changed = !sameZones(zones, saved);
  const unzoned = statesInNoZone(zones);
  const fieldId = (name: string) => `${id}-${name}`;
  const zoneId = (zone: ZoneDraft) => fieldId(`zone-${zone.key}`);
  /** The control a message is about (the first band, or Add band, for the bands as a whole). */
  const fieldElementId = (field: FieldKey): string | null => {
    const [index, part, band] = field.split(':');
    const zone = zones[Number(index)];
    if (!zone) return null;
    if (part === 'rates') {
      return `${zoneId(zone)}-bands-${zone.bands.length > 0 ? '0-upToLb' : 'add'}`;
    }
    if (part === 'upToLb' || part === 'price') return `${zoneId(zone)}-bands-${band}-${part}`;
    return `${zoneId(zone)}-${part}`;
  };

  const editZone = (index: number, next: Partial<ZoneDraft>) =>
    setZones((current) => current.map((zone, at) => (at === index ? { ...zone, ...next } : zone)));
  const addZone = () => {
    const zone = emptyZone(nextKey.current);
    nextKey.current += 1;
    focusNext.current = `${zoneId(zone)}-name`;
    setZones((current) => [...current, zone]);
  };
  const removeZone = (index: number) => {
    focusNext.current = fieldId('add-zone');
    setZones((current) => current.filter((_, at) => at !== index));
    // The messages are by position: the next check tells them again.
    setErrors({});
  };

  const onSave = () =>
    save(
      async () => {
        const check = checkZones(zones);
        if (!check.ok) {
          setErrors(check.errors);
          focusNext.current = check.firstField && fieldElementId(check.firstField);
          return { kind: 'error', lines: [check.first] };
        }
        setErrors({});
        const answer = await update.mutateAsync(check.body);
        const next = draftOf(answer);
        nextKey.current = next.length;
        setSaved(next);
        setZones(next);
        setUpdatedAt(answer.updatedAt);
        return { kind: 'success', lines: [FREIGHT_SCREEN_MESSAGES.saved] };
      },
      { doing: 'Saving the freight table', message: FREIGHT_SCREEN_MESSAGES.notSaved },
    );

  return (
    <form
      noValidate
      aria-labelledby={fieldId('heading')}
      aria-busy={update.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      className="mt-4"
    >
      <p className="text-sm text-slate-600">
        {updatedAt
          ? FREIGHT_SCREEN_MESSAGES.lastSaved(formatTime(updatedAt))
          : FREIGHT_SCREEN_MESSAGES.neverSaved}
      </p>

      <div className={`mt-4 ${panelClass}`}>
        <h2 className="text-sm font-semibold text-slate-700">
          States in no zone <span className="font-normal text-slate-600">({unzoned.length})</span>
        </h2>
        <p className="mt-1 text-sm break-words text-slate-900">
          {unzoned.length > 0 ? unzoned.join(', ') : FREIGHT_SCREEN_MESSAGES.everyStateZoned}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          Orders shipped there, and outside the US, get no freight estimate.
        </p>
      </div>

      <h2 id={fieldId('heading')} className="mt-6 text-lg font-bold text-brand-900">
        Zones
      </h2>
      {zones.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{FREIGHT_SCREEN_MESSAGES.noZones}</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {zones.map((zone, index) => (
            <li key={zone.key}>
              <ZoneCard
                id={zoneId(zone)}
                title={zoneTitle(zone, index)}
                zone={zone}
                index={index}
                zones={zones}
                errors={errors}
                onChange={(next) => editZone(index, next)}
                onRemove={() => removeZone(index)}
                focusAfterRender={(elementId) => {
                  focusNext.current = elementId;
                }}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          id={fieldId('add-zone')}
          type="button"
          onClick={addZone}
          disabled={zones.length >= FREIGHT_LIMITS.zones}
          className={buttonClass.secondary}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add zone
        </button>
        <span className="text-xs text-slate-500">At most {FREIGHT_LIMITS.zones} zones.</span>
      </div>

      <FeedbackRegions feedback={feedback} className="mt-5" />

      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <FormSubmitButton icon={Save} label="Save" busyLabel="Saving..." busy={update.isPending} />
        {changed && <span className="text-sm text-amber-800">Unsaved changes</span>}
      </div>
    </form>
  );
}

function ZoneCard({
  id,
  title,
  zone,
  index,
  zones,
  errors,
  onChange,
  onRemove,
  focusAfterRender,
}: {
  id: string;
  /** The zone's name, or 'Zone 2' while it has none. */
  title: string;
  zone: ZoneDraft;
  index: number;
  /** Every zone, to tell which states are in another one. */
  zones: readonly ZoneDraft[];
  errors: FreightErrors;
  onChange: (next: Partial<ZoneDraft>) => void;
  onRemove: () => void;
  /** Focuses the element with this id once the change has rendered. */
  focusAfterRender: (elementId: string) => void;
}) {
  const nameError = errors[`${index}:name`];
  const flatError = errors[`${index}:flat`];
  const otherZones = new Map<string, string>();
  zones.forEach((other, at) => {
    if (at === index) return;
    for (const state of other.states) {
      if (!otherZones.has(state)) otherZones.set(state, zoneTitle(other, at));
    }
  });

  return (
    <article aria-labelledby={`${id}-title`} className={panelClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-title`} className="min-w-0 text-base font-bold break-words text-brand-900">
          {title}
        </h3>
        <button
          type="button"
          onClick={onRemove}
          className={buttonClass.dangerSmall}
          aria-label={`Remove zone ${title}`}
        >
          <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
          Remove zone
        </button>
      </div>

      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField look="admin" id={`${id}-name`} label="Zone name" error={nameError}>
          <input
            {...fieldAria(`${id}-name`, nameError)}
            className={inputClass}
            value={zone.name}
            onChange={(event) => onChange({ name: event.target.value })}
            maxLength={FREIGHT_LIMITS.zoneName}
            autoComplete="off"
          />
        </FormField>
        <fieldset>
          <legend className={labelClass}>Rate</legend>
          <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2 py-2">
            {(
              [
                ['flat', 'Flat rate'],
                ['weight', 'By weight'],
              ] as const
            ).map(([rate, label]) => (
              <label key={rate} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-rate`}
                  checked={zone.rate === rate}
                  onChange={() => onChange({ rate })}
                  className="h-4 w-4 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <StatesPicker
        id={`${id}-states`}
        title={title}
        states={zone.states}
        otherZones={otherZones}
        error={errors[`${index}:states`]}
        onChange={(states) => onChange({ states })}
      />

      {zone.rate === 'flat' ? (
        <FormField
          look="admin"
          id={`${id}-flat`}
          label="Flat rate ($)"
          hint={FLAT_HINT}
          error={flatError}
          className="mt-4 max-w-xs"
        >
          <input
            {...fieldAria(`${id}-flat`, flatError, FLAT_HINT)}
            className={inputClass}
            value={zone.flatPrice}
            onChange={(event) => onChange({ flatPrice: event.target.value })}
            inputMode="decimal"
            autoComplete="off"
          />
        </FormField>
      ) : (
        <BandsTable
          id={`${id}-bands`}
          title={title}
          bands={zone.bands}
          errors={errors}
          index={index}
          onChange={(bands) => onChange({ bands })}
          focusAfterRender={focusAfterRender}
        />
      )}
    </article>
  );
}

/**
 * A zone's states: a disclosure with a checkbox per code, compact enough for a phone; the codes
 * another zone has are shaded (ticking one there is refused on save, naming both zones).
 */
function StatesPicker({
  id,
  title,
  states,
  otherZones,
  error,
  onChange,
}: {
  id: string;
  title: string;
  states: readonly string[];
  /** State code to the other zone that has it. */
  otherZones: ReadonlyMap<string, string>;
  error: string | undefined;
  onChange: (states: string[]) => void;
}) {
  // A new zone opens at its states; a message about them opens them too.
  const [open, setOpen] = useState(states.length === 0);
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    if (error) setOpen(true);
  }
  const unzoned = STATES.filter(({ code }) => !otherZones.has(code) && !states.includes(code)).map(
    ({ code }) => code,
  );

  return (
    <div className="mt-4">
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className={`rounded-md border ${error ? 'border-red-500' : 'border-slate-300'}`}
      >
        <summary id={id} className="cursor-pointer rounded-md px-3 py-2 text-sm hover:bg-slate-50">
          <span className="font-semibold text-slate-700">States</span>{' '}
          <span className="text-slate-600">
            ({states.length}){states.length > 0 && `: ${states.join(', ')}`}
          </span>
        </summary>
        <fieldset
          className="border-t border-slate-200 px-3 pt-2 pb-3"
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        >
          <legend className="sr-only">States of {title}</legend>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            Shaded codes are in another zone: a state can be in one zone only.
          </p>
          <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(3.5rem,1fr))] gap-1">
            {STATES.map(({ code, name }) => {
              const other = otherZones.get(code);
              return (
                <label
                  key={code}
                  title={other ? `${name}, in ${other}` : name}
                  className={`flex items-center gap-1.5 rounded px-1 py-1 text-sm ${
                    other ? 'bg-slate-100 text-slate-500' : 'text-slate-800 hover:bg-brand-50'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={states.includes(code)}
                    onChange={(event) => onChange(withState(states, code, event.target.checked))}
                    className="h-4 w-4 shrink-0 accent-brand-700"
                    // The code shows; the name (and the zone that has it) is read out too.
                    aria-label={`${code}, ${name}${other ? `, in ${other}` : ''}`}
                  />
                  {code}
                </label>
              );
            })}
          </div>
          <button
            type="button"
            onClick={() => onChange(sortedWith(states, unzoned))}
            disabled={unzoned.length === 0}
            className={`mt-2 ${buttonClass.small} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            <Plus className="h-3.5 w-3.5" aria-hidden="true" />
            Add the {unzoned.length} states in no zone
          </button>
        </fieldset>
      </details>
      <FieldErrorLine id={id} error={error} look="admin" />
    </div>
  );
}

/** `states` with `added` ticked too, in the picker's order. */
function sortedWith(states: readonly string[], added: readonly string[]): string[] {
  return added.reduce((all, code) => withState(all, code, true), [...states]);
}

function BandsTable({
  id,
  title,
  bands,
  errors,
  index,
  onChange,
  focusAfterRender,
}: {
  id: string;
  title: string;
  bands: readonly BandDraft[];
  errors: FreightErrors;
  /** The zone's position, which its messages are keyed by. */
  index: number;
  onChange: (bands: BandDraft[]) => void;
  focusAfterRender: (elementId: string) => void;
}) {
  const ratesError = errors[`${index}:rates`];
  const last = bands.at(-1);
  const heaviest = last && last.upToLb.trim() !== '' ? last.upToLb.trim() : null;
  const editBand = (at: number, next: Partial<BandDraft>) =>
    onChange(bands.map((band, position) => (position === at ? { ...band, ...next } : band)));
  const cellId = (field: 'upToLb' | 'price', at: number) => `${id}-${at}-${field}`;

  return (
    <div className="mt-4">
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">Weight bands of {title}</caption>
        <thead className="text-left text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="pr-2 pb-1 font-semibold">
              Up to (lb)
            </th>
            <th scope="col" className="pr-2 pb-1 font-semibold">
              Rate ($)
            </th>
            <th scope="col" className="w-0 pb-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band, at) => {
            const upToError = errors[`${index}:upToLb:${at}`];
            const priceError = errors[`${index}:price:${at}`];
            return (
              // Bands have no identity of their own; their inputs are controlled, so the
              // position is key enough.
              <Fragment key={at}>
                <tr>
                  <td className="py-1 pr-2 align-top">
                    <input
                      {...fieldAria(cellId('upToLb', at), upToError)}
                      aria-label={`Band ${at + 1} up to (lb)`}
                      className={inputClass}
                      value={band.upToLb}
                      placeholder={at === bands.length - 1 ? 'and over' : undefined}
                      onChange={(event) => editBand(at, { upToLb: event.target.value })}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  </td>
                  <td className="py-1 pr-2 align-top">
                    <input
                      {...fieldAria(cellId('price', at), priceError)}
                      aria-label={`Band ${at + 1} rate ($)`}
                      className={inputClass}
                      value={band.price}
                      onChange={(event) => editBand(at, { price: event.target.value })}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  </td>
                  <td className="py-1 align-middle">
                    <button
                      type="button"
                      onClick={() => {
                        focusAfterRender(`${id}-add`);
                        onChange(bands.filter((_, position) => position !== at));
                      }}
                      className={buttonClass.dangerSmall}
                      aria-label={`Remove band ${at + 1}`}
                      title="Remove band"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </td>
                </tr>
                {(upToError || priceError) && (
                  <tr>
                    <td colSpan={3} className="pb-1">
                      <FieldErrorLine id={cellId('upToLb', at)} error={upToError} look="admin" />
                      <FieldErrorLine id={cellId('price', at)} error={priceError} look="admin" />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <button
        id={`${id}-add`}
        type="button"
        onClick={() => {
          focusAfterRender(cellId('upToLb', bands.length));
          onChange([...bands, emptyBand()]);
        }}
        disabled={bands.length >= FREIGHT_LIMITS.bands}
        className={`mt-2 ${buttonClass.small} disabled:cursor-not-allowed disabled:opacity-60`}
      >
        <Plus className="h-3.5 w-3.5" aria-hidden="true" />
        Add band
      </button>
      <p className="mt-1 text-xs text-slate-500">
        Each band is for orders up to its weight, the bands going up. Leave the last &ldquo;up
        to&rdquo; empty for &ldquo;and over&rdquo;.
        {heaviest && ` Orders over ${heaviest} lb get no estimate.`}
      </p>
      {ratesError && <p className={fieldErrorClass}>{ratesError}</p>}
    </div>
  );
}
