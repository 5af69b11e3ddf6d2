import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface MessagePageAction {
  to: string;
  label: string;
  /** A full page load: for server routes (/auth/login) and for retrying a failed page. */
  reloadDocument?: boolean;
}

export interface MessagePageProps {
  /** Above the heading: an icon or a big status number. */
  badge?: ReactNode;
  title: string;
  children: ReactNode;
  /** The first is the main way on; the others are quieter. */
  actions: MessagePageAction[];
}

/** A page that only says something and offers a way on: not found, failed, not allowed. */
export function MessagePage({ badge, title, children, actions }: MessagePageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {badge}
      <h1 className={`text-3xl font-bold text-brand-900 ${badge ? 'mt-4' : ''}`}>{title}</h1>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions.map((action, index) => (
          <Link
            key={action.to}
            to={action.to}
            reloadDocument={action.reloadDocument}
            className={
              index === 0
                ? 'rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800'
                : 'rounded-md border border-slate-300 px-5 py-2 font-semibold text-brand-700 hover:bg-slate-50'
            }
          >
            {action.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
