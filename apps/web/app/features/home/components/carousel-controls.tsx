import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';

const TONES = {
  light: {
    arrow:
      'bg-white/90 text-brand-900 shadow-md ring-1 ring-slate-200 hover:bg-white disabled:opacity-40',
    dot: 'bg-slate-300 hover:bg-slate-400',
    dotSelected: 'bg-brand-700',
  },
  dark: {
    arrow: 'bg-black/35 text-white ring-1 ring-white/40 backdrop-blur hover:bg-black/55',
    dot: 'bg-white/50 hover:bg-white/80',
    dotSelected: 'bg-white',
  },
} as const;

export type ControlTone = keyof typeof TONES;

export function ArrowButton({
  direction,
  label,
  onClick,
  disabled = false,
  tone = 'light',
  className = '',
}: {
  direction: 'prev' | 'next';
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: ControlTone;
  className?: string;
}) {
  const Icon = direction === 'prev' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-full transition-colors disabled:cursor-not-allowed ${TONES[tone].arrow} ${className}`}
    >
      <Icon className="h-6 w-6" aria-hidden="true" />
    </button>
  );
}

/** One dot per snap; the selected one is marked aria-current. */
export function CarouselDots({
  count,
  selected,
  onSelect,
  labelFor,
  tone = 'light',
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  labelFor: (index: number) => string;
  tone?: ControlTone;
}) {
  if (count < 2) return null;
  return (
    <div className="flex items-center gap-1">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          aria-label={labelFor(index)}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
          // A 24 px target around a small dot.
          className="group inline-flex h-6 w-6 items-center justify-center"
        >
          <span
            className={`block h-2.5 rounded-full transition-all ${
              index === selected ? `w-6 ${TONES[tone].dotSelected}` : `w-2.5 ${TONES[tone].dot}`
            }`}
          />
        </button>
      ))}
    </div>
  );
}

/** The visitor's stop for anything that moves by itself (WCAG 2.2.2). */
export function PauseButton({
  paused,
  onToggle,
  what,
  tone = 'light',
}: {
  paused: boolean;
  onToggle: () => void;
  /** 'slides', 'video': completes 'Pause …' / 'Play …'. */
  what: string;
  tone?: ControlTone;
}) {
  const Icon = paused ? Play : Pause;
  return (
    <button
      type="button"
      aria-label={`${paused ? 'Play' : 'Pause'} ${what}`}
      onClick={onToggle}
      className={`inline-flex h-9 w-9 items-center justify-center rounded-full transition-colors ${TONES[tone].arrow}`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
