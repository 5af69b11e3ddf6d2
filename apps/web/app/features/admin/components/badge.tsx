/** The admin lists' status pill: one look, four tones. */
const TONE = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-300',
  good: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  bad: 'bg-red-50 text-red-900 ring-red-300',
} as const;

export type BadgeTone = keyof typeof TONE;

export function Badge({ label, tone }: { label: string; tone: BadgeTone }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[tone]}`}
    >
      {label}
    </span>
  );
}
