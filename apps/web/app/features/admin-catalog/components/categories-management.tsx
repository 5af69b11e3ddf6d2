import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_MESSAGES,
  CategoryInput,
  PRODUCT_LIMITS,
  type CategoryDto,
} from '@labshop/shared/schemas/catalog';
import { FolderPlus, ImageOff } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateCategory } from '../api/create-category.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { useCategories } from '../api/get-categories.ts';
import { failureMessage } from '../../admin/api/http.ts';
import { useConfirmedDelete } from '../../admin/components/use-confirmed-delete.ts';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { DeleteButton } from '../../admin/components/delete-button.tsx';
import { ListScreen } from '../../admin/components/list-screen.tsx';
import { panelClass } from '../../admin/components/styles.ts';
import { AdminForm, AdminInputField } from '../../admin/components/admin-form.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

/** Categories Management (SPEC.md "Admin screens"): add a category, and the list with Delete. */
export function CategoriesManagement() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  const { feedback, deleteItem: deleteCategory } = useConfirmedDelete(
    (category: CategoryDto) => remove.mutateAsync(category._id),
    {
      deleteConfirm: CATEGORY_MESSAGES.deleteConfirm,
      detail: (category) => category.name,
      deleted: (category) => `Category ${category.name} was deleted.`,
      // 409 when products are still in it: the server says so.
      notDeleted: (category, error) => [
        failureMessage(error, `Category ${category.name} was not deleted due to error.`),
      ],
    },
    'the category',
  );

  return (
    <ListScreen
      id="categories-heading"
      title="Categories Management"
      description="Product categories and their thumbnails."
      form={<AddCategoryForm />}
      items="categories"
      query={categories}
      feedback={feedback}
    >
      {(items) => (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((category) => (
            <li
              key={category._id}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
            >
              {category.thumbnail ? (
                <img
                  src={category.thumbnail}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="h-14 w-14 shrink-0 rounded-md border border-slate-200 object-cover"
                />
              ) : (
                <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-500">
                  <ImageOff className="h-5 w-5" aria-hidden="true" />
                  <span className="sr-only">No thumbnail</span>
                </span>
              )}
              <span className="min-w-0 flex-1 font-semibold break-words text-slate-900">
                {category.name}
              </span>
              <DeleteButton
                label={`Delete ${category.name}`}
                onClick={() => void deleteCategory(category)}
                disabled={remove.isPending && remove.variables === category._id}
              />
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

/** Name (CategoryInput) plus a JPEG thumbnail, checked here and again on the server. */
function AddCategoryForm() {
  const id = useId();
  const create = useCreateCategory();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryInput>({ resolver: zodResolver(CategoryInput), mode: 'onTouched' });
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const { feedback, save } = useSaveFeedback();
  const fileInput = useRef<HTMLInputElement>(null);

  const thumbnailProblem = (file: File | null) => {
    if (!file) return CATEGORY_MESSAGES.thumbnailRequired;
    if (file.type !== 'image/jpeg') return CATEGORY_MESSAGES.jpegOnly;
    if (file.size > PRODUCT_LIMITS.imageBytes) return 'The thumbnail must be at most 10 MB.';
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const problem = thumbnailProblem(thumbnail);
    setThumbnailError(problem);
    return handleSubmit(async (values) => {
      if (problem || !thumbnail) return;
      await save(
        async () => {
          const category = await create.mutateAsync({ values, thumbnail });
          reset({ name: '' });
          setThumbnail(null);
          if (fileInput.current) fileInput.current.value = '';
          return { kind: 'success', lines: [`Category ${category.name} was added.`] };
        },
        {
          doing: 'Adding the category',
          message: (error) => [failureMessage(error, 'The category was not added due to error.')],
        },
      );
    })(event);
  };

  const fileId = `${id}-thumbnail`;
  return (
    <AdminForm
      id={id}
      title="Add a category"
      onSubmit={submit}
      busy={isSubmitting}
      className={`mt-6 ${panelClass}`}
    >
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <AdminInputField
          id={`${id}-name`}
          label="Name"
          error={errors.name?.message}
          {...register('name')}
          autoComplete="off"
        />
        <FormField
          look="admin"
          id={fileId}
          label="Thumbnail"
          hint="JPG only, up to 10 MB."
          error={thumbnailError ?? undefined}
        >
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="image/jpeg"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setThumbnail(file);
              setThumbnailError(file ? thumbnailProblem(file) : null);
            }}
            aria-invalid={thumbnailError ? true : undefined}
            // The hint first, then the error: what the field wants, then what is wrong.
            aria-describedby={`${fileId}-hint${thumbnailError ? ` ${fileId}-error` : ''}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
        </FormField>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-4" />
      <FormSubmitButton
        icon={FolderPlus}
        label="Add Category"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-5"
      />
    </AdminForm>
  );
}
