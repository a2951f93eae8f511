import type { ConfigFieldMeta } from './config-fields';

/** A list entry as text: objects (a subfolder's library) by their JSON. */
const entryText = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** Equal config values: arrays compare as sets (category order carries no meaning). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sa = a.map(entryText).sort();
    const sb = b.map(entryText).sort();
    return sa.every((v, i) => v === sb[i]);
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}

export interface DiffInput {
  fields: readonly Pick<ConfigFieldMeta, 'key' | 'kind'>[];
  /** The values as the server sent them. */
  initial: Readonly<Record<string, unknown>>;
  /** The values in the form. */
  current: Readonly<Record<string, unknown>>;
  /** Keys that cannot be changed (never sent). */
  readOnly?: ReadonlySet<string>;
  /** Secrets the user asked to remove (sent as ""). */
  clearSecrets?: ReadonlySet<string>;
}

/**
 * The body of `PATCH /api/config`: only the keys whose value changed. Secrets are write-only:
 * an empty secret input means "keep", a typed value replaces it, a clear request sends "".
 */
export function diffConfig({ fields, initial, current, readOnly, clearSecrets }: DiffInput): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const { key, kind } of fields) {
    if (readOnly?.has(key)) continue;
    if (kind === 'secret') {
      if (clearSecrets?.has(key)) patch[key] = '';
      else if (typeof current[key] === 'string' && current[key] !== '') patch[key] = current[key];
      continue;
    }
    if (!(key in current)) continue;
    if (!sameValue(initial[key], current[key])) patch[key] = current[key];
  }
  return patch;
}

/**
 * What is wrong with `value` by the schema rules the form mirrors (type, range, length, pattern,
 * allowed values), or null when it is fine.
 */
export function validateField(meta: ConfigFieldMeta, value: unknown): string | null {
  if (meta.nullable && value === null) return null;
  switch (meta.kind) {
    case 'integer':
    case 'number': {
      if (value === null || value === undefined || value === '') return 'A value is required';
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) return 'Enter a number';
      if (meta.kind === 'integer' && !Number.isInteger(n)) return 'Enter a whole number';
      if (meta.min !== undefined && n < meta.min) return `Must be at least ${meta.min}`;
      if (meta.max !== undefined && n > meta.max) return `Must be at most ${meta.max}`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Choose on or off';
    case 'enum':
      return meta.options?.some((o) => o.value === value) ? null : 'Choose one of the options';
    case 'multi':
    case 'list': {
      if (!Array.isArray(value)) return 'Choose from the list';
      if (new Set(value.map(entryText)).size !== value.length) return 'Each entry may be chosen once';
      if (meta.maxItems !== undefined && value.length > meta.maxItems) return `Choose at most ${meta.maxItems}`;
      const problem = meta.entryRule && value.map(meta.entryRule).find((m) => m !== null);
      if (problem) return problem;
      if (!meta.options) return null; // the server's own lists (libraries), objects: no fixed choices
      const unknown = value.find((v) => !meta.options?.some((o) => o.value === v));
      return unknown === undefined ? null : `"${String(unknown)}" is not one of the options`;
    }
    case 'secret':
    case 'string': {
      const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
      if (meta.kind === 'secret' && text === '') return null; // empty: keep the stored secret
      if (meta.minLength !== undefined && text.length < meta.minLength)
        return meta.minLength === 1 ? 'A value is required' : `At least ${meta.minLength} characters`;
      if (meta.maxLength !== undefined && text.length > meta.maxLength)
        return `At most ${meta.maxLength} characters (now ${text.length})`;
      if (meta.pattern !== undefined && !new RegExp(meta.pattern).test(text))
        return meta.patternHint ?? 'The format is not valid';
      return null;
    }
  }
}
