import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFICATION_MESSAGES,
  NotificationInput,
  type NotificationDto,
} from '@labshop/shared/schemas/content';
import { BellPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FeedbackRegions } from '../../admin/components/feedback.tsx';
import { useSaveFeedback } from '../../admin/components/use-save-feedback.ts';
import { panelClass } from '../../admin/components/styles.ts';
import {
  AdminForm,
  AdminInputField,
  AdminTextareaField,
} from '../../admin/components/admin-form.tsx';
import { useCreateNotification } from '../api/create-notification.ts';
import { useDeleteNotification } from '../api/delete-notification.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { formatTime } from '../../admin/components/format-time.ts';
import { DeleteButton } from '../../admin/components/delete-button.tsx';
import { ListScreen } from '../../admin/components/list-screen.tsx';
import { useConfirmedDelete } from '../../admin/components/use-confirmed-delete.ts';
import { FormSubmitButton } from '../../admin/components/form-submit-button.tsx';

/** The form's fields; dateTime and read are added when it is sent. */
interface NotificationFormValues {
  title: string;
  body: string;
}

/** Newest first (SPEC.md section 9), whatever order the list was put together in. */
function newestFirst(notifications: NotificationDto[]): NotificationDto[] {
  return [...notifications].sort((a, b) => b.dateTime.localeCompare(a.dateTime));
}

/** Notifications Management (SPEC.md "Admin screens"): title and body, and the list with Delete. */
export function NotificationsManagement() {
  const notifications = useNotifications();
  const remove = useDeleteNotification();
  const { feedback, deleteItem: deleteNotification } = useConfirmedDelete(
    (notification: NotificationDto) => remove.mutateAsync(notification._id),
    NOTIFICATION_MESSAGES,
    'the notification',
  );

  return (
    <ListScreen
      id="notifications-heading"
      title="Notifications Management"
      description="Announcements in the storefront's notification bell, newest first."
      form={<AddNotificationForm />}
      items="notifications"
      query={notifications}
      feedback={feedback}
    >
      {(items) => (
        <ul className="mt-3 space-y-3" aria-label="Notifications">
          {newestFirst(items).map((notification) => (
            <li
              key={notification._id}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words text-slate-900">{notification.title}</h3>
                <p className="mt-0.5 text-xs text-slate-500">
                  <time dateTime={notification.dateTime}>{formatTime(notification.dateTime)}</time>
                </p>
                <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">
                  {notification.body}
                </p>
              </div>
              <DeleteButton
                label={`Delete ${notification.title}`}
                onClick={() => void deleteNotification(notification)}
                disabled={remove.isPending && remove.variables === notification._id}
                className="self-end sm:self-start"
              />
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

function AddNotificationForm() {
  const id = useId();
  const create = useCreateNotification();
  const { feedback, save: saveWithFeedback } = useSaveFeedback();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NotificationFormValues>({
    resolver: zodResolver(NotificationInput.pick({ title: true, body: true })),
    mode: 'onTouched',
  });

  const save = handleSubmit((values) =>
    saveWithFeedback(
      async () => {
        await create.mutateAsync(values);
        reset({ title: '', body: '' });
        return { kind: 'success', lines: [NOTIFICATION_MESSAGES.added] };
      },
      { doing: 'Adding the notification', message: NOTIFICATION_MESSAGES.notAdded },
    ),
  );

  return (
    <AdminForm
      id={id}
      title="Add a notification"
      onSubmit={save}
      busy={isSubmitting}
      className={`mt-6 ${panelClass}`}
    >
      <div className="mt-4 space-y-5">
        <AdminInputField
          id={`${id}-title`}
          label="Title"
          error={errors.title?.message}
          {...register('title')}
          autoComplete="off"
        />
        <AdminTextareaField
          id={`${id}-body`}
          label="Body"
          error={errors.body?.message}
          {...register('body')}
          rows={4}
        />
      </div>
      <FeedbackRegions feedback={feedback} className="mt-5" />
      <FormSubmitButton
        icon={BellPlus}
        label="Add Notification"
        busyLabel="Adding..."
        busy={isSubmitting}
        className="mt-5"
      />
    </AdminForm>
  );
}
