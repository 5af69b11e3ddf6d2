import { fieldLooks } from '../../../components/form-field.tsx';

/** Class names the admin screens share, in the admin shell's look. */
export const buttonClass = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:border-brand-500 hover:text-brand-800 disabled:cursor-not-allowed disabled:opacity-60',
  accent:
    'inline-flex items-center justify-center gap-2 rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-600 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60',
  dangerSmall:
    'inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60',
  small:
    'inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50',
} as const;

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500';

export const labelClass = fieldLooks.admin.label;

export const fieldErrorClass = fieldLooks.admin.error;

export const panelClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
