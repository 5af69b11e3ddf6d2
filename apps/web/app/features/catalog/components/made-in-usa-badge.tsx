import { FlagIcon } from '../../../components/page-icons.tsx';

export function MadeInUsaBadge() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
      <FlagIcon className="h-4 w-4 text-red-700" aria-hidden="true" />
      Made in USA
    </span>
  );
}
