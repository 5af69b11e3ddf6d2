import { zodResolver } from '@hookform/resolvers/zod';
import {
  fileRefusal,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  priceWarnings,
  ProductInput,
  samePrices,
  type CategoryDto,
  type ProductDto,
} from '@labshop/shared/schemas/catalog';
import {
  ChevronLeft,
  ChevronRight,
  FileText,
  ImagePlus,
  Save,
  Star,
  TriangleAlert,
  X,
  type LucideIcon,
} from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../admin/api/http.ts';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { fieldErrorClass, inputClass, labelClass } from '../../admin/components/styles.ts';
import { fieldAria, FieldErrorLine, FormField } from '../../../components/form-field.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

/** What the form holds: every field a string, as typed. */
type ProductFormValues = z.input<typeof ProductInput>;

/** A valid form, ready to be sent. */
export interface ProductSubmission {
  values: ProductInput;
  /** URLs of the product's current images to keep, in order (edit only). */
  existingImages: string[];
  /** Newly chosen files, in display order. */
  newImages: File[];
  /**
   * Edit only: the order of all images (kept URLs, and indexes into newImages); the last is the
   * main image. On create the files are already in display order.
   */
  imageOrder?: (string | number)[];
  /** A brochure PDF to upload, replacing the brochure text. */
  brochureFile?: File | null;
  /** The admin confirmed partner prices above retail (the API refuses them otherwise). */
  confirmPrices: boolean;
}

export interface ProductFormProps {
  mode: 'create' | 'edit';
  /** The product being edited. */
  product?: ProductDto;
  /** The category choices; undefined while they load. */
  categories: CategoryDto[] | undefined;
  /** Sends the product; answers the saved product or throws (an ApiError carries the reason). */
  onSave: (submission: ProductSubmission) => Promise<ProductDto>;
  /** Create: shown under the success message, the ways to the product just created. */
  createdLinks?: (product: ProductDto) => ReactNode;
}

const EMPTY: ProductFormValues = {
  number: '',
  title: '',
  description: '',
  category: '',
  oldPrice: '',
  newPrice: '',
  wholesalePrice: '',
  partnerPricex3: '',
  shippingWeight: '',
  brochure: '',
};

const price = (value: number | null) => (value === null ? '' : value.toFixed(2));

function formValues(product: ProductDto | undefined): ProductFormValues {
  if (!product) return EMPTY;
  return {
    number: product.number,
    title: product.title,
    description: product.description,
    category: product.category,
    oldPrice: price(product.oldPrice),
    newPrice: price(product.newPrice),
    wholesalePrice: price(product.wholesalePrice),
    partnerPricex3: price(product.partnerPricex3),
    shippingWeight: product.shippingWeightLb === null ? '' : String(product.shippingWeightLb),
    brochure: product.brochure ?? '',
  };
}

const MAX_IMAGE_MB = PRODUCT_LIMITS.imageBytes / (1024 * 1024);
const MAX_BROCHURE_MB = PRODUCT_LIMITS.brochureBytes / (1024 * 1024);

const CONFIRM_PRICES_LABEL = 'These prices are right: save them as they are.';
const CONFIRM_PRICES_REQUIRED = 'Correct the prices, or tick the box to save them as they are.';

const HINTS: Partial<Record<keyof ProductFormValues, string>> = {
  oldPrice: 'Optional; shown struck through.',
  newPrice: 'The retail price.',
  wholesalePrice: 'For signed-in partners.',
  partnerPricex3: 'For partners buying 3 or more.',
  shippingWeight: 'Optional; freight rates by weight need it (Admin > Freight).',
  brochure: 'Optional: upload a PDF, or enter the address of one (https://...).',
};

/** The four price fields, in the form's order, each with its label. */
const PRICE_FIELDS = [
  ['oldPrice', 'Old Price'],
  ['newPrice', 'New Price'],
  ['wholesalePrice', 'Wholesale Price'],
  ['partnerPricex3', 'Partner Price QTY x3'],
] as const satisfies readonly (readonly [keyof ProductFormValues, string])[];

/** An image of the form's list: one the product has, or a new file to upload. */
type FormImage =
  | { kind: 'stored'; url: string }
  | {
      kind: 'new';
      file: File;
      /** An object URL for the preview; revoked when the image leaves the form. */
      url: string;
    };
type NewImage = Extract<FormImage, { kind: 'new' }>;

const storedImages = (product: ProductDto | undefined): FormImage[] =>
  (product?.images ?? []).map((url) => ({ kind: 'stored', url }));

/** Why a chosen picture cannot be added, or null. */
function pictureRefusal(file: File, room: number): string | null {
  if (file.type !== 'image/jpeg') return PRODUCT_MESSAGES.jpegOnly;
  if (file.size > PRODUCT_LIMITS.imageBytes)
    return `Each image must be at most ${MAX_IMAGE_MB} MB.`;
  if (room <= 0) return `A product has at most ${PRODUCT_LIMITS.images} images.`;
  return null;
}

/** Why a chosen brochure cannot be uploaded, or null (the server checks the bytes). */
function brochureRefusal(file: File): string | null {
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) {
    return PRODUCT_MESSAGES.pdfOnly;
  }
  if (file.size > PRODUCT_LIMITS.brochureBytes) return PRODUCT_MESSAGES.brochureTooLarge;
  return null;
}

/** What the edit form sends for its list: kept URLs and new files, and the order of both. */
function submissionImages(images: readonly FormImage[]) {
  const newImages = images.filter((image) => image.kind === 'new');
  return {
    existingImages: images.flatMap((image) => (image.kind === 'stored' ? [image.url] : [])),
    newImages: newImages.map((image) => image.file),
    imageOrder: images.map((image) =>
      image.kind === 'stored' ? image.url : newImages.indexOf(image),
    ),
  };
}

/**
 * The Add New Product and Update Product form (SPEC.md 5, "Product create and edit"). Field
 * errors come from the shared ProductInput schema and appear once a field was left (or on
 * submit, which reports every field). Images are checked here: JPEG only, and at least one
 * on create; on edit, removing a current image only drops it from what is sent on save.
 */
export function ProductForm({ mode, product, categories, onSave, createdLinks }: ProductFormProps) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, defaultValues },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(ProductInput),
    mode: 'onTouched',
    defaultValues: formValues(product),
  });
  const [images, setImages] = useState<FormImage[]>(() => storedImages(product));
  // Partner prices above retail: warned as they are typed, and saved only once confirmed.
  // Prices the product already has (an edit of its title) need no confirmation again.
  const [newPrice = '', wholesalePrice = '', partnerPricex3 = ''] = useWatch({
    control,
    name: ['newPrice', 'wholesalePrice', 'partnerPricex3'],
  });
  const prices = { newPrice, wholesalePrice, partnerPricex3 };
  const warnings = priceWarnings(prices);
  const savedPrices = {
    newPrice: defaultValues?.newPrice ?? '',
    wholesalePrice: defaultValues?.wholesalePrice ?? '',
    partnerPricex3: defaultValues?.partnerPricex3 ?? '',
  };
  const needsConfirmation = warnings.length > 0 && !samePrices(prices, savedPrices);
  // The warnings the admin confirmed: other prices (other warnings) ask again.
  const [confirmedWarnings, setConfirmedWarnings] = useState<string | null>(null);
  const confirmed = confirmedWarnings === warnings.join(' ');
  const [confirmError, setConfirmError] = useState(false);
  const confirmRef = useRef<HTMLInputElement>(null);
  // The product just created, for its links (the form itself is empty again).
  const [created, setCreated] = useState<ProductDto | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  /** Chosen files that were not added, each named with its reason; saving waits for them. */
  const [refusedFiles, setRefusedFiles] = useState<string[]>([]);
  const [brochureFile, setBrochureFile] = useState<File | null>(null);
  const [brochureFileError, setBrochureFileError] = useState<string | null>(null);
  const { feedback, save: saveWithFeedback } = useSaveFeedback();
  const refusedRef = useRef<HTMLDivElement>(null);

  // Every preview URL made here, so leaving the page frees them all.
  const objectUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);
  const release = (released: readonly FormImage[]) => {
    for (const image of released) {
      if (image.kind !== 'new') continue;
      URL.revokeObjectURL(image.url);
      objectUrls.current.delete(image.url);
    }
  };

  // The outcome of a save is brought into view (a changed number also scrolls the page up).
  const feedbackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (feedback) feedbackRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [feedback]);

  /** Adds the JPEGs among the chosen files, in the order chosen; the others are named. */
  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    let room = PRODUCT_LIMITS.images - images.length;
    const added: NewImage[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const reason = pictureRefusal(file, room);
      if (reason) {
        refused.push(fileRefusal(file.name, reason));
        continue;
      }
      room -= 1;
      const url = URL.createObjectURL(file);
      objectUrls.current.add(url);
      added.push({ kind: 'new', file, url });
    }
    setImages((current) => [...current, ...added]);
    setRefusedFiles(refused);
    setImageError(null);
  };

  const removeImage = (image: FormImage) => {
    release([image]);
    setImages((current) => current.filter((entry) => entry !== image));
  };

  const chooseBrochure = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!file) return;
    const reason = brochureRefusal(file);
    setBrochureFileError(reason ? fileRefusal(file.name, reason) : null);
    setBrochureFile(reason ? null : file);
  };

  const save = async (values: ProductInput) => {
    setCreated(null);
    const fallback = mode === 'create' ? PRODUCT_MESSAGES.notCreated : PRODUCT_MESSAGES.notUpdated;
    await saveWithFeedback(
      async () => {
        const list = submissionImages(images);
        const saved = await onSave({
          values,
          existingImages: mode === 'edit' ? list.existingImages : [],
          newImages: list.newImages,
          ...(mode === 'edit' ? { imageOrder: list.imageOrder } : {}),
          brochureFile,
          confirmPrices: needsConfirmation && confirmed,
        });
        release(images);
        setBrochureFile(null);
        setConfirmedWarnings(null);
        if (mode === 'create') {
          reset(EMPTY);
          setImages([]);
          setCreated(saved);
          return { kind: 'success', lines: [PRODUCT_MESSAGES.created] };
        }
        // The saved product is the new starting point: its images now include the new files.
        reset(formValues(saved));
        setImages(storedImages(saved));
        return { kind: 'success', lines: [PRODUCT_MESSAGES.updated] };
      },
      { doing: 'Saving the product', message: (error) => [failureMessage(error, fallback)] },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const missingImages = mode === 'create' && images.length === 0;
    setImageError(missingImages ? PRODUCT_MESSAGES.imagesRequired : null);
    // A refused file is never dropped quietly: nothing is saved until the admin dismisses it.
    const waitsForRefused = refusedFiles.length > 0;
    if (waitsForRefused) refusedRef.current?.focus();
    const unconfirmed = needsConfirmation && !confirmed;
    setConfirmError(unconfirmed);
    // The fields are checked (and their errors shown) even when the images already failed.
    return handleSubmit(async (values) => {
      if (unconfirmed) {
        if (!waitsForRefused) confirmRef.current?.focus();
        return;
      }
      if (!missingImages && !waitsForRefused) await save(values);
    })(event);
  };

  const categoryNames = categories?.map((category) => category.name) ?? [];
  // The product's own category stays choosable even before (or without) the list.
  if (product && !categoryNames.includes(product.category)) categoryNames.unshift(product.category);

  const fieldId = (name: string) => `${id}-${name}`;
  const field = (name: keyof ProductFormValues, error: FieldError | undefined) => ({
    ...fieldAria(fieldId(name), error?.message, HINTS[name]),
    className: inputClass,
  });
  /** A FormField's id and hint, for the form value it holds. */
  const fieldFrame = (name: keyof ProductFormValues) => ({ id: fieldId(name), hint: HINTS[name] });
  // Here the error line stands right under its control, above the hint (and the brochure's file).
  const errorText = (name: keyof ProductFormValues, error: FieldError | undefined) => (
    <FieldErrorLine id={fieldId(name)} error={error?.message} look="admin" />
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-busy={isSubmitting}>
      <p className="text-sm text-slate-600">
        Every field is required except Old Price, Shipping weight and Brochure.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField look="admin" label="Product Number" {...fieldFrame('number')}>
          <input
            {...field('number', errors.number)}
            {...register('number')}
            autoComplete="off"
            spellCheck={false}
          />
          {errorText('number', errors.number)}
        </FormField>
        <FormField look="admin" label="Category" {...fieldFrame('category')}>
          <select {...field('category', errors.category)} {...register('category')}>
            <option value="">{categories ? 'Select a category' : 'Loading categories...'}</option>
            {categoryNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {errorText('category', errors.category)}
        </FormField>
        <FormField look="admin" label="Title" {...fieldFrame('title')} className="sm:col-span-2">
          <input {...field('title', errors.title)} {...register('title')} autoComplete="off" />
          {errorText('title', errors.title)}
        </FormField>
        <FormField
          look="admin"
          label="Description"
          {...fieldFrame('description')}
          className="sm:col-span-2"
        >
          <textarea
            {...field('description', errors.description)}
            {...register('description')}
            rows={6}
          />
          {errorText('description', errors.description)}
        </FormField>
        {PRICE_FIELDS.map(([name, label]) => (
          <FormField key={name} look="admin" label={label} {...fieldFrame(name)}>
            <PriceInput>
              <input {...field(name, errors[name])} {...register(name)} inputMode="decimal" />
            </PriceInput>
            {errorText(name, errors[name])}
          </FormField>
        ))}
        <FormField look="admin" label="Shipping weight (lb)" {...fieldFrame('shippingWeight')}>
          <input
            {...field('shippingWeight', errors.shippingWeight)}
            {...register('shippingWeight')}
            inputMode="decimal"
            autoComplete="off"
          />
          {errorText('shippingWeight', errors.shippingWeight)}
        </FormField>
        {needsConfirmation && (
          <PriceWarning
            warnings={warnings}
            checkboxRef={confirmRef}
            checkboxId={fieldId('confirm-prices')}
            errorId={fieldId('confirm-prices-error')}
            confirmed={confirmed}
            error={confirmError && !confirmed}
            onConfirm={(checked) => {
              setConfirmedWarnings(checked ? warnings.join(' ') : null);
              if (checked) setConfirmError(false);
            }}
          />
        )}
        <FormField
          look="admin"
          label="Brochure"
          {...fieldFrame('brochure')}
          className="sm:col-span-2"
        >
          <input
            {...field('brochure', errors.brochure)}
            {...register('brochure')}
            autoComplete="off"
            disabled={brochureFile !== null}
          />
          {errorText('brochure', errors.brochure)}
          <BrochureFileField
            inputId={fieldId('brochure-file')}
            currentUrl={product?.brochureUrl ?? null}
            file={brochureFile}
            error={brochureFileError}
            onChoose={chooseBrochure}
            onClear={() => {
              setBrochureFile(null);
              setBrochureFileError(null);
            }}
          />
        </FormField>
      </div>

      <ImagesField
        inputId={fieldId('images')}
        errorId={fieldId('images-error')}
        required={mode === 'create'}
        error={imageError}
        images={images}
        onChoose={chooseFiles}
        onRemove={removeImage}
        onMove={(from, to) => setImages((current) => moved(current, from, to))}
      />
      {refusedFiles.length > 0 && (
        <div
          ref={refusedRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {refusedFiles.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="mt-1">
            Nothing is saved while a file is refused: choose another file, or dismiss this to save
            without it.
          </p>
          <button
            type="button"
            onClick={() => setRefusedFiles([])}
            className="mt-2 rounded-md border border-red-300 bg-white px-3 py-1 text-xs font-semibold text-red-800 hover:bg-red-100"
          >
            Dismiss
          </button>
        </div>
      )}

      <div ref={feedbackRef}>
        <FeedbackRegions feedback={feedback} />
        {created && createdLinks?.(created)}
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <FormSubmitButton
          icon={Save}
          label={mode === 'create' ? 'Create Product' : 'Update Product'}
          busyLabel="Saving..."
          busy={isSubmitting}
        />
      </div>
    </form>
  );
}

/**
 * The warning about partner prices above retail, with the box that confirms them: the save
 * waits for it, and the API refuses such prices unconfirmed.
 */
function PriceWarning({
  warnings,
  checkboxRef,
  checkboxId,
  errorId,
  confirmed,
  error,
  onConfirm,
}: {
  warnings: string[];
  checkboxRef: RefObject<HTMLInputElement | null>;
  checkboxId: string;
  errorId: string;
  confirmed: boolean;
  error: boolean;
  onConfirm: (checked: boolean) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Price warning"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:col-span-2"
    >
      <div className="flex items-start gap-2.5">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 space-y-1" aria-live="polite">
          {warnings.map((warning) => (
            <p key={warning}>{warning}</p>
          ))}
          <p>Partners would pay more than retail customers.</p>
        </div>
      </div>
      <label htmlFor={checkboxId} className="mt-3 flex items-start gap-2 font-semibold">
        <input
          ref={checkboxRef}
          id={checkboxId}
          type="checkbox"
          checked={confirmed}
          onChange={(event) => onConfirm(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
        />
        {CONFIRM_PRICES_LABEL}
      </label>
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {CONFIRM_PRICES_REQUIRED}
        </p>
      )}
    </div>
  );
}

/** A dollar sign before a price input. */
function PriceInput({ children }: { children: ReactNode }) {
  return (
    <div className="relative [&_input]:pl-7">
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

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

const imageLabel = (image: FormImage, index: number) =>
  image.kind === 'new' ? `New image ${image.file.name}` : `Image ${index + 1}`;

function ImagesField({
  inputId,
  errorId,
  required,
  error,
  images,
  onChoose,
  onRemove,
  onMove,
}: {
  inputId: string;
  errorId: string;
  required: boolean;
  error: string | null;
  images: FormImage[];
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (image: FormImage) => void;
  onMove: (from: number, to: number) => void;
}) {
  const hintId = `${inputId}-hint`;
  const count = images.length;
  const listRef = useRef<HTMLUListElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The button to focus once a move has re-rendered the list (a moved node loses focus). */
  const focusAfterMove = useRef<{ key: string; action: string } | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const tile = Array.from(listRef.current?.children ?? []).find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement && element.dataset.imageKey === target.key,
    );
    const button =
      tile?.querySelector<HTMLButtonElement>(`[data-action="${target.action}"]:not(:disabled)`) ??
      tile?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    button?.focus();
  }, [images]);

  const move = (from: number, to: number, action?: string) => {
    if (to < 0 || to >= count || from === to) return;
    const image = images[from]!;
    onMove(from, to);
    if (action) focusAfterMove.current = { key: image.url, action };
    const label = image.kind === 'new' ? `New image ${image.file.name}` : 'The image';
    setAnnouncement(
      `${label} is now image ${to + 1} of ${count}${to === count - 1 ? ', the main image' : ''}.`,
    );
  };

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className={`flex items-center gap-2 ${labelClass}`}>
        <ImagePlus className="h-4 w-4 text-brand-600" aria-hidden="true" />
        Images
      </label>
      <p id={hintId} className="text-xs text-slate-500">
        JPG only, up to {MAX_IMAGE_MB} MB each, at most {PRODUCT_LIMITS.images} images
        {required ? ', at least one' : ''}. The last image is the main image: drag the images, or
        use their arrow buttons, to change the order.
      </p>
      {count > 0 && (
        <ul
          ref={listRef}
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6"
          aria-label="Images to save"
        >
          {images.map((image, index) => (
            <ImageTile
              key={image.url}
              imageKey={image.url}
              src={image.url}
              label={imageLabel(image, index)}
              isNew={image.kind === 'new'}
              isMain={index === count - 1}
              isFirst={index === 0}
              dragging={dragged === index}
              onDragStart={() => setDragged(index)}
              onDragEnd={() => setDragged(null)}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onEarlier={() => move(index, index - 1, 'earlier')}
              onLater={() => move(index, index + 1, 'later')}
              onMakeMain={() => move(index, count - 1, 'earlier')}
              onRemove={() => onRemove(image)}
            />
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg"
        multiple
        onChange={onChoose}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className="block w-full max-w-md text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

const TILE_BUTTON =
  'flex h-8 flex-1 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent';

/** One of an image tile's icon buttons (move earlier, make main, move later). */
function TileButton({
  action,
  icon: Icon,
  label,
  title,
  onClick,
  disabled,
}: {
  action: string;
  icon: LucideIcon;
  /** What it does to which image, for screen readers. */
  label: string;
  /** The tooltip. */
  title: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      data-action={action}
      onClick={onClick}
      disabled={disabled}
      className={TILE_BUTTON}
      aria-label={label}
      title={title}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

function ImageTile({
  imageKey,
  src,
  label,
  isNew,
  isMain,
  isFirst,
  dragging,
  onDragStart,
  onDragEnd,
  onDrop,
  onEarlier,
  onLater,
  onMakeMain,
  onRemove,
}: {
  imageKey: string;
  src: string;
  label: string;
  isNew: boolean;
  isMain: boolean;
  isFirst: boolean;
  dragging: boolean;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
  onEarlier: () => void;
  onLater: () => void;
  onMakeMain: () => void;
  onRemove: () => void;
}) {
  const [dropTarget, setDropTarget] = useState(false);
  return (
    <li
      data-image-key={imageKey}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        // Some browsers start a drag only with data set.
        event.dataTransfer.setData('text/plain', label);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDropTarget(false);
        onDrop();
      }}
      className={`relative cursor-grab overflow-hidden rounded-md border bg-slate-50 ${
        dropTarget ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      } ${dragging ? 'opacity-50' : ''}`}
    >
      <img src={src} alt={label} draggable={false} className="aspect-square w-full object-cover" />
      <span className="absolute top-1 left-1 flex gap-1">
        {isNew && (
          <span className="rounded bg-accent-700 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
            New
          </span>
        )}
        {isMain && (
          <span className="rounded bg-brand-800 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
            Main
          </span>
        )}
      </span>
      <div className="flex border-t border-slate-200 bg-white">
        <TileButton
          action="earlier"
          icon={ChevronLeft}
          label={`Move ${label} earlier`}
          title="Move earlier"
          onClick={onEarlier}
          disabled={isFirst}
        />
        <TileButton
          action="main"
          icon={Star}
          label={`Make ${label} the main image`}
          title="Make main"
          onClick={onMakeMain}
          disabled={isMain}
        />
        <TileButton
          action="later"
          icon={ChevronRight}
          label={`Move ${label} later`}
          title="Move later"
          onClick={onLater}
          disabled={isMain}
        />
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="flex w-full items-center justify-center gap-1 border-t border-slate-200 bg-white py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
        aria-label={`Remove ${label}`}
      >
        <X className="h-3.5 w-3.5" aria-hidden="true" />
        Remove
      </button>
    </li>
  );
}

/** The brochure PDF upload under the brochure text, with the current brochure's link. */
function BrochureFileField({
  inputId,
  currentUrl,
  file,
  error,
  onChoose,
  onClear,
}: {
  inputId: string;
  currentUrl: string | null;
  file: File | null;
  error: string | null;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  onClear: () => void;
}) {
  const errorId = `${inputId}-error`;
  return (
    <div className="mt-3 space-y-1.5">
      {currentUrl && (
        <p className="text-xs text-slate-600">
          Current brochure:{' '}
          <a
            href={currentUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            {currentUrl.split('/').filter(Boolean).at(-1)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      )}
      <label
        htmlFor={inputId}
        className="flex items-center gap-1.5 text-xs font-semibold text-slate-700"
      >
        <FileText className="h-3.5 w-3.5 text-brand-600" aria-hidden="true" />
        Upload a brochure PDF (up to {MAX_BROCHURE_MB} MB)
      </label>
      {file ? (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <span>
            <span className="font-semibold">{file.name}</span> is uploaded when you save, in place
            of the text above.
          </span>
          <button
            type="button"
            onClick={onClear}
            className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-100"
          >
            Don&apos;t upload
          </button>
        </p>
      ) : (
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          onChange={onChoose}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full max-w-md text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      )}
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
