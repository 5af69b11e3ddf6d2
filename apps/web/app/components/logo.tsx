import { Link } from 'react-router';
import { SITE } from '../lib/site.ts';

export function Logo() {
  return (
    <Link to="/home" className="flex items-center gap-2" aria-label={`${SITE.name} home`}>
      <svg viewBox="0 0 32 32" className="h-9 w-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-700" />
        <path
          d="M10 9c-2.2 0-3.5 1.8-3.5 4.3 0 2.9 1.3 4.4 2 7.2.5 2.2.9 4.5 2.3 4.5 1.6 0 1.5-3.6 3-5.3.7-.8 1.7-.8 2.4 0 1.5 1.7 1.4 5.3 3 5.3 1.4 0 1.8-2.3 2.3-4.5.7-2.8 2-4.3 2-7.2C25.5 10.8 24.2 9 22 9c-2.3 0-3.7 1.3-6 1.3S12.3 9 10 9Z"
          className="fill-white"
        />
        <circle cx="24.5" cy="8" r="3" className="fill-accent-500" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="text-xl font-extrabold tracking-tight text-brand-900">{SITE.name}</span>
        <span className="hidden text-[11px] font-medium uppercase tracking-wider text-slate-500 sm:block">
          Dental lab equipment
        </span>
      </span>
    </Link>
  );
}
