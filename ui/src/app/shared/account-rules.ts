import { Validators, type ValidatorFn } from '@angular/forms';

/** The contracts' `USERNAME_MAX`, `PASSWORD_MIN`, `PASSWORD_MAX` (spec 8; a value import would bundle TypeBox). */
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** What a new password must be. */
export const NEW_PASSWORD_VALIDATORS: ValidatorFn[] = [
  Validators.required,
  Validators.minLength(PASSWORD_MIN),
  Validators.maxLength(PASSWORD_MAX),
];

/** A form group's check that two of its fields hold the same value (`{ mismatch: true }` when not). */
export const sameValues =
  (first: string, second: string): ValidatorFn =>
  (group) =>
    group.get(first)?.value === group.get(second)?.value ? null : { mismatch: true };
