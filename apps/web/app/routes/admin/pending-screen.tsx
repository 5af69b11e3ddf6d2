import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { adminScreen } from '../../features/admin/screens.ts';
import { SITE } from '../../lib/site.ts';

/**
 * An admin screen whose tools are not in this version yet: its place in the shell, its own
 * URL, and an honest note. Each screen replaces this module as it is built.
 */
export default function PendingAdminScreen() {
  const { pathname } = useLocation();
  const screen = adminScreen(pathname.split('/').filter(Boolean).at(-1) ?? '');
  const label = screen?.label ?? 'Admin';
  return (
    <section aria-labelledby="screen-heading">
      <title>{`${label} | Admin | ${SITE.name}`}</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-brand-900">
        {label}
      </h1>
      {screen && <p className="mt-1 text-slate-600">{screen.description}</p>}
      <div className="mt-6 flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        <Construction className="mt-0.5 h-5 w-5 shrink-0 text-accent-700" aria-hidden="true" />
        <p>This screen is not available in this version of the admin yet.</p>
      </div>
    </section>
  );
}
