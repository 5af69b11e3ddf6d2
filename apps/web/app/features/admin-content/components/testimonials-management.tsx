import { zodResolver } from '@hookform/resolvers/zod';
import {
  TESTIMONIAL_MESSAGES,
  TestimonialInput,
  type TestimonialDto,
} from '@labshop/shared/schemas/content';
import { initialsOf } from '@labshop/shared/text';
import { MessageSquarePlus, Star } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { panelClass } from '../../admin/components/styles.ts';
import {
  AdminForm,
  AdminInputField,
  AdminTextareaField,
} from '../../admin/components/admin-form.tsx';
import { useCreateTestimonial } from '../api/create-testimonial.ts';
import { useDeleteTestimonial } from '../api/delete-testimonial.ts';
import { useTestimonials } from '../api/get-testimonials.ts';
import { DeleteButton } from '../../admin/components/delete-button.tsx';
import { ListScreen } from '../../admin/components/list-screen.tsx';
import { useConfirmedDelete } from '../../admin/components/use-confirmed-delete.ts';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

type TestimonialFormValues = z.input<typeof TestimonialInput>;

const EMPTY: TestimonialFormValues = { name: '', position: '', text: '', imageUrl: '' };

/** User Testimonial Management (SPEC.md "Admin screens"): add and delete testimonials. */
export function TestimonialsManagement() {
  const testimonials = useTestimonials();
  const remove = useDeleteTestimonial();
  const { feedback, deleteItem: deleteTestimonial } = useConfirmedDelete(
    (testimonial: TestimonialDto) => remove.mutateAsync(testimonial._id),
    TESTIMONIAL_MESSAGES,
    'the testimonial',
  );

  return (
    <ListScreen
      id="testimonials-heading"
      title="User Testimonial Management"
      description="Customers' words on the home page, in the order shown there."
      form={<AddTestimonialForm />}
      items="testimonials"
      query={testimonials}
      feedback={feedback}
    >
      {(items) => (
        <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Testimonials">
          {items.map((testimonial) => (
            <li
              key={testimonial._id}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-center gap-3">
                {testimonial.imageUrl ? (
                  <img
                    src={testimonial.imageUrl}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="h-12 w-12 shrink-0 rounded-full border border-slate-200 object-cover"
                  />
                ) : (
                  <span
                    className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                    aria-hidden="true"
                  >
                    {initialsOf(testimonial.name)}
                  </span>
                )}
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">{testimonial.name}</h3>
                  <p className="text-sm break-words text-slate-600">{testimonial.position}</p>
                </div>
              </div>
              <p className="mt-2 flex gap-0.5 text-accent-500" aria-hidden="true">
                {Array.from({ length: 5 }, (_, index) => (
                  <Star key={index} className="h-3.5 w-3.5 fill-current" />
                ))}
              </p>
              <blockquote className="mt-2 flex-1 text-sm break-words whitespace-pre-line text-slate-700">
                {testimonial.text}
              </blockquote>
              <div className="mt-3 flex justify-end">
                <DeleteButton
                  label={`Delete the testimonial of ${testimonial.name}`}
                  onClick={() => void deleteTestimonial(testimonial)}
                  disabled={remove.isPending && remove.variables === testimonial._id}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

function AddTestimonialForm() {
  const id = useId();
  const create = useCreateTestimonial();
  const { feedback, save: saveWithFeedback } = useSaveFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TestimonialFormValues, unknown, TestimonialInput>({
    resolver: zodResolver(TestimonialInput),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const save = handleSubmit((values) =>
    saveWithFeedback(
      async () => {
        // An empty image address is left out: the testimonial then shows initials.
        await create.mutateAsync({ ...values, imageUrl: values.imageUrl || undefined });
        reset(EMPTY);
        return { kind: 'success', lines: [TESTIMONIAL_MESSAGES.added] };
      },
      { doing: 'Adding the testimonial', message: TESTIMONIAL_MESSAGES.notAdded },
    ),
  );

  const fieldId = (name: keyof TestimonialFormValues) => `${id}-${name}`;
  return (
    <AdminForm
      id={id}
      title="Add a testimonial"
      onSubmit={save}
      busy={isSubmitting}
      className={`mt-6 ${panelClass}`}
    >
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <AdminInputField
          id={fieldId('name')}
          label="Name"
          error={errors.name?.message}
          {...register('name')}
          autoComplete="off"
        />
        <AdminInputField
          id={fieldId('position')}
          label="Position"
          error={errors.position?.message}
          {...register('position')}
          autoComplete="off"
        />
        <AdminTextareaField
          id={fieldId('text')}
          label="Text"
          error={errors.text?.message}
          className="sm:col-span-2"
          {...register('text')}
          rows={4}
        />
        <AdminInputField
          id={fieldId('imageUrl')}
          label="Image URL"
          hint="Optional: a picture of the person (https://… or a path on this site)."
          error={errors.imageUrl?.message}
          className="sm:col-span-2"
          {...register('imageUrl')}
          type="url"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <FeedbackRegions feedback={feedback} className="mt-5" />
      <FormSubmitButton
        icon={MessageSquarePlus}
        label="Add Testimonial"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-5"
      />
    </AdminForm>
  );
}
