import type { AbstractControl, FormGroupDirective, NgForm, ValidatorFn } from '@angular/forms';
import type { ErrorStateMatcher } from '@angular/material/core';

/**
 * Client-side rules of fields that several settings forms share. They mirror the server's rules
 * (the contracts' `subfolderProblem` and the core's `compileTitleFilter`) so the user sees a
 * problem while typing; the server still decides, and its answer is shown too.
 */

/** The contracts' `RESERVED_SUBFOLDER` and limits (a value import would bundle TypeBox). */
export const RESERVED_SUBFOLDER = '__playlists__';
export const SUBFOLDER_MAX = 100;
export const TITLE_FILTER_MAX = 500;

/** Mirrors `subfolderProblem` of the contracts; null when fine (empty = none). */
export function subfolderHint(name: string): string | null {
  const n = name.trim();
  if (!n) return null;
  if (n.length > SUBFOLDER_MAX) return `At most ${SUBFOLDER_MAX} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(n)) return 'One folder name: no / or \\ and no control characters';
  if (n.startsWith('.')) return 'A folder name must not start with a dot';
  if (n === RESERVED_SUBFOLDER) return `${RESERVED_SUBFOLDER} is reserved for the playlists' .m3u files`;
  if (n.startsWith('__')) return 'A folder name must not start with __ (the folder gets that prefix itself)';
  if (n.toLowerCase() === 'playlists' || n.toLowerCase() === 'playlists__')
    return `${n} is reserved: its folder would be ${RESERVED_SUBFOLDER}, where the .m3u files are`;
  return null;
}

/**
 * Whether a title filter compiles like the server reads it: JavaScript syntax, a leading `(?i)`
 * means case-insensitive. Null when fine or empty, else the browser's explanation.
 */
export function titleFilterHint(text: string): string | null {
  let pattern = text.trim();
  if (!pattern) return null;
  if (pattern.length > TITLE_FILTER_MAX) return `At most ${TITLE_FILTER_MAX} characters`;
  let flags = 'u';
  if (pattern.startsWith('(?i)')) {
    pattern = pattern.slice(4);
    flags += 'i';
  }
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (err) {
    try {
      new RegExp(pattern, flags.replace('u', ''));
      return null;
    } catch {
      return `Not a valid regular expression: ${(err as Error).message}`;
    }
  }
}

/** A validator from a hint function: `{ hint: message }` when the text has a problem. */
export const hintValidator =
  (check: (value: string) => string | null): ValidatorFn =>
  (c) => {
    const message = check(String(c.value ?? ''));
    return message ? { hint: message } : null;
  };

/** Problems show while typing (not only after leaving the field) and after a submit. */
export class ShowWhenDirty implements ErrorStateMatcher {
  isErrorState(control: AbstractControl | null, form: FormGroupDirective | NgForm | null): boolean {
    return !!control?.invalid && (control.dirty || control.touched || !!form?.submitted);
  }
}
