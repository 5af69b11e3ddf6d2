import { z } from 'zod';

/**
 * What the area files build their variables from. Each area declares its variables as an object
 * keyed by the variable's name (`{ PORT: numberField(...) }`): that object is the list
 * loadConfig parses and the docs test compares with .env.example and docs/CONFIGURATION.md.
 */

/** The parsed variables of one area, as its settings function reads them. */
export type VarsOf<Fields extends z.core.$ZodShape> = z.output<z.ZodObject<Fields>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables that only make sense together: each of `names` is required once `trigger` is set. */
export function requireAlongside<Vars extends object>(
  vars: Vars,
  trigger: keyof Vars & string,
  names: (keyof Vars & string)[],
): void {
  const missing = names.filter((name) => !vars[name]);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name}: is required when ${trigger} is set`));
  }
}

interface NumberFieldOptions {
  /** What the value is, for a value that is not a number: 'a number of seconds'. */
  of?: string;
  integer?: boolean;
  min: number;
  max: number;
  default: number;
  /** What a minimum of 0 means: 'off' reads "must be 0 (off) or more". */
  zeroMeans?: string;
  /** What the maximum amounts to: '7 days' reads "must be at most 604800 (7 days)". */
  maxMeans?: string;
  /** One message for either bound, such as 'must be between 0 and 65535'. */
  outOfRange?: string;
}

/** A number within [min, max]; the messages say which rule a value breaks. */
export function numberField(options: NumberFieldOptions) {
  const number = z.coerce.number({ error: `must be ${options.of ?? 'a number'}` });
  const whole = options.integer ? number.int('must be a whole number') : number;
  const tooSmall = options.zeroMeans
    ? `must be 0 (${options.zeroMeans}) or more`
    : `must be at least ${options.min}`;
  const tooLarge = options.maxMeans
    ? `must be at most ${options.max} (${options.maxMeans})`
    : `must be at most ${options.max}`;
  return whole
    .min(options.min, options.outOfRange ?? tooSmall)
    .max(options.max, options.outOfRange ?? tooLarge)
    .default(options.default);
}

/** Attempts a client may make in a window: a whole number, 1..100000. */
export const attemptLimit = (fallback: number) =>
  numberField({ of: 'a whole number', integer: true, min: 1, max: 100_000, default: fallback });

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** true/false, 1/0 or yes/no; without a default, unset stays undefined. */
export function booleanField(options: { default: boolean }): z.ZodDefault<typeof booleanFlag>;
export function booleanField(): z.ZodOptional<typeof booleanFlag>;
export function booleanField(options?: { default: boolean }) {
  return options ? booleanFlag.default(options.default) : booleanFlag.optional();
}

/** One of `values`; the message lists them ("must be none or nominatim") unless `error` says. */
export function enumField<const Values extends readonly [string, ...string[]]>(
  values: Values,
  options: { default: Values[number]; error?: string },
) {
  const listed = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return z.enum(values, { error: options.error ?? `must be ${listed}` }).default(options.default);
}

interface UrlFieldOptions {
  /** Shown in the message ("must be an absolute URL such as <example>"); else the default is. */
  example?: string;
  /** The whole message, where the plain one would not say what is meant. */
  error?: string;
}

/** An absolute URL; without a default, unset stays undefined. */
export function urlField(options: UrlFieldOptions & { default: string }): z.ZodDefault<z.ZodURL>;
export function urlField(options?: UrlFieldOptions): z.ZodOptional<z.ZodURL>;
export function urlField(options: UrlFieldOptions & { default?: string } = {}) {
  const model = options.example ?? options.default;
  const url = z.url({
    error: options.error ?? `must be an absolute URL${model ? ` such as ${model}` : ''}`,
  });
  return options.default === undefined ? url.optional() : url.default(options.default);
}

const secrets = new WeakSet<z.ZodType>();

/** A password, key or client secret: never a default, and .env.example leaves it empty. */
export function secretField() {
  const field = z.string().optional();
  secrets.add(field);
  return field;
}

export const isSecret = (field: z.ZodType) => secrets.has(field);
