import { zodResolver } from '@hookform/resolvers/zod';
import { TEXT_LIMITS } from '@labshop/shared/constants';
import {
  GALLERY_MESSAGES,
  GalleryInput,
  type GalleryImageDto,
} from '@labshop/shared/schemas/content';
import { truncate } from '@labshop/shared/text';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { panelClass } from '../../admin/components/styles.ts';
import {
  AdminForm,
  AdminInputField,
  AdminTextareaField,
} from '../../admin/components/admin-form.tsx';
import { useCreateGalleryImage } from '../api/create-gallery-image.ts';
import { useDeleteGalleryImage } from '../api/delete-gallery-image.ts';
import { useGallery } from '../api/get-gallery.ts';
import { DeleteButton } from '../../admin/components/delete-button.tsx';
import { ListScreen } from '../../admin/components/list-screen.tsx';
import { useConfirmedDelete } from '../../admin/components/use-confirmed-delete.ts';
import { fieldAria, FormField } from '../../../components/form-field.tsx';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

/** Gallery Management (SPEC.md "Admin screens"): the pictures with Delete, and an add form. */
export function GalleryManagement() {
  const gallery = useGallery();
  const remove = useDeleteGalleryImage();
  const { feedback, deleteItem: deleteImage } = useConfirmedDelete(
    (image: GalleryImageDto) => remove.mutateAsync(image._id),
    GALLERY_MESSAGES,
    'the picture',
  );

  return (
    <ListScreen
      id="gallery-heading"
      title="Gallery Management"
      description="Pictures in the public gallery, newest first."
      form={<AddPictureForm />}
      items="pictures"
      query={gallery}
      feedback={feedback}
    >
      {(items) => (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Pictures">
          {items.map((image) => (
            <li
              key={image._id}
              className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            >
              <img
                src={image.imageUrl}
                alt={image.title}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 flex-col gap-1 p-3">
                <h3 className="font-semibold break-words text-slate-900">{image.title}</h3>
                <p className="flex-1 text-sm break-words text-slate-600" title={image.description}>
                  {truncate(image.description, TEXT_LIMITS.adminGalleryPreview)}
                </p>
                <div className="mt-2 flex justify-end">
                  <DeleteButton
                    label={`Delete ${image.title}`}
                    onClick={() => void deleteImage(image)}
                    disabled={remove.isPending && remove.variables === image._id}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

/** The picture must be a JPEG; the browser's word for it is checked here, the bytes on the server. */
function pictureProblem(file: File | null): string | null {
  if (!file) return GALLERY_MESSAGES.pictureRequired;
  if (file.type !== 'image/jpeg') return GALLERY_MESSAGES.jpegOnly;
  return null;
}

/** Title and description (GalleryInput) plus the picture, with a preview of the chosen file. */
function AddPictureForm() {
  const id = useId();
  const create = useCreateGalleryImage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<GalleryInput>({ resolver: zodResolver(GalleryInput), mode: 'onTouched' });
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const { feedback, save } = useSaveFeedback();
  const fileInput = useRef<HTMLInputElement>(null);

  // The preview of the chosen picture: an object URL, freed when the choice changes or the
  // screen is left.
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const showPreview = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(previewRef.current);
  };
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? pictureProblem(file) : null;
    setPicture(file);
    setPictureError(problem);
    showPreview(file && !problem ? file : null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const problem = pictureProblem(picture);
    setPictureError(problem);
    // The text fields are checked (and their errors shown) even when the picture failed.
    return handleSubmit(async (values) => {
      if (problem || !picture) return;
      await save(
        async () => {
          await create.mutateAsync({ values, picture });
          reset({ title: '', description: '' });
          setPicture(null);
          showPreview(null);
          if (fileInput.current) fileInput.current.value = '';
          return { kind: 'success', lines: [GALLERY_MESSAGES.added] };
        },
        { doing: 'Adding the picture', message: GALLERY_MESSAGES.notAdded },
      );
    })(event);
  };

  const fileId = `${id}-picture`;
  const fileHint = 'JPG only.';
  return (
    <AdminForm
      id={id}
      title="Add a picture"
      onSubmit={submit}
      busy={isSubmitting}
      className={`mt-6 ${panelClass}`}
    >
      <div className="mt-4 grid gap-5 md:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="space-y-5">
          <FormField
            look="admin"
            id={fileId}
            label="Picture"
            hint={fileHint}
            error={pictureError ?? undefined}
          >
            <input
              ref={fileInput}
              {...fieldAria(fileId, pictureError ?? undefined, fileHint)}
              type="file"
              accept="image/jpeg"
              onChange={choose}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            />
          </FormField>
          <AdminInputField
            id={`${id}-title`}
            label="Title"
            error={errors.title?.message}
            {...register('title')}
            autoComplete="off"
          />
          <AdminTextareaField
            id={`${id}-description`}
            label="Description"
            error={errors.description?.message}
            {...register('description')}
            rows={4}
          />
        </div>
        <figure
          className={`${preview ? 'flex' : 'hidden md:flex'} w-full max-w-48 flex-col gap-1.5 md:max-w-none`}
        >
          <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50 text-slate-400">
            {preview ? (
              <img
                src={preview}
                alt="Preview of the chosen picture"
                className="h-full w-full object-cover"
              />
            ) : (
              <ImagePlus className="h-8 w-8" aria-hidden="true" />
            )}
          </div>
          <figcaption className="text-xs text-slate-500">
            {preview && picture ? picture.name : 'The chosen picture shows here.'}
          </figcaption>
        </figure>
      </div>
      <FeedbackRegions feedback={feedback} className="mt-5" />
      <FormSubmitButton
        icon={ImagePlus}
        label="Add Picture"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-5"
      />
    </AdminForm>
  );
}
