import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FeedbackRegions, type Feedback } from './feedback.tsx';
import { ListState } from './list-state.tsx';
import { ScreenHeading } from './screen-heading.tsx';

/**
 * A screen that keeps a short list (categories, testimonials, pictures, notifications): its
 * heading, the add form, then the list under its own heading with its Delete's message.
 */
export function ListScreen<T>({
  id,
  title,
  description,
  form,
  items,
  query,
  feedback,
  children,
}: {
  /** The screen heading's id. */
  id: string;
  title: string;
  description: string;
  /** The add form, above the list. */
  form: ReactNode;
  /** What the list holds, lower case and plural: 'pictures' heads the list 'Pictures'. */
  items: string;
  query: UseQueryResult<T[]>;
  /** The last Delete's message. */
  feedback: Feedback;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <ScreenHeading id={id} title={title} description={description} />
      {form}
      <h2 className="mt-8 text-lg font-bold text-brand-900">
        {items.charAt(0).toUpperCase() + items.slice(1)}
      </h2>
      <FeedbackRegions feedback={feedback} className="mt-3" />
      <ListState
        query={query}
        loadingLabel={`Loading ${items}...`}
        what={`The ${items}`}
        empty={`No ${items} yet.`}
      >
        {children}
      </ListState>
    </section>
  );
}
