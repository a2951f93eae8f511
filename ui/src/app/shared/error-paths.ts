/** A problem as the server lists it in a 400's `details`: `{ path: 'body/<key>[/…]', message }`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

export interface MappedErrors {
  /** Messages per form field. */
  byField: Record<string, string[]>;
  /** Problems that belong to no field on the form (shown in the alert). */
  other: string[];
}

/**
 * The field a detail path points at: `body/apiKeyRateLimit` and `body/sponsorblockCategories/0`
 * name a key; `body` alone (or a path outside the body) names none.
 */
export function fieldOfPath(path: string): string | null {
  const parts = path
    .replace(/^\/+/, '')
    .split('/')
    .filter((p) => p !== '');
  if (parts[0] === 'body') parts.shift();
  else if (parts.length > 1) return null; // querystring/…, params/…: not a form field
  return parts[0] ?? null;
}

/** Distributes the server's details over the form's fields; the rest goes to `other`. */
export function mapErrorDetails(details: readonly ErrorDetail[], fields: Iterable<string>): MappedErrors {
  const known = new Set(fields);
  const byField: Record<string, string[]> = {};
  const other: string[] = [];
  for (const d of details) {
    const field = fieldOfPath(d.path);
    if (field !== null && known.has(field)) {
      const sub = d.path.split('/').slice(d.path.startsWith('body/') ? 2 : 1);
      const where = sub.length > 0 && /^\d+$/.test(sub[0] ?? '') ? `entry ${Number(sub[0]) + 1}: ` : '';
      (byField[field] ??= []).push(where + d.message);
    } else {
      other.push(field !== null ? `${field}: ${d.message}` : d.message);
    }
  }
  return { byField, other };
}
