import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { inputClass } from './styles.ts';

/**
 * An admin list's search box: the list follows a short pause in typing (`debounceMs`), not
 * every key. `initial` is what the list shows (the address's query); when it changes under the
 * box (Back, the sidebar link), the box shows it too.
 */
export function SearchBox({
  label,
  placeholder,
  initial,
  onSearch,
  debounceMs = 300,
  maxLength,
}: {
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (value: string) => void;
  debounceMs?: number;
  maxLength?: number;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState(initial);
  if (initial !== shown) {
    setShown(initial);
    if (initial !== value.trim()) setValue(initial);
  }
  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const timer = window.setTimeout(() => search(value.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [value, debounceMs]);
  return (
    <form role="search" className="mt-5 max-w-md" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => setValue(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass} pl-9`}
        />
      </div>
    </form>
  );
}
