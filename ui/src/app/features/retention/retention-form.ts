import { FormControl, FormGroup, type AbstractControl } from '@angular/forms';
import { hintValidator } from '../../shared/field-rules';
import {
  daysProblem,
  keepRecentProblem,
  spaceAmountProblem,
  type RetentionModel,
  type SpaceUnit,
  type WatchedRule,
} from './retention-model';

/** The Retention page's form: one control per field of `RetentionModel`. */
export type RetentionForm = FormGroup<{ [K in keyof RetentionModel]: FormControl<RetentionModel[K]> }>;

const text = (check: (value: string) => string | null) =>
  new FormControl('', { nonNullable: true, validators: hintValidator(check) });

/** The form, empty; its text fields say what is wrong while typing. */
export function retentionForm(): RetentionForm {
  return new FormGroup({
    enabled: new FormControl(false, { nonNullable: true }),
    age: new FormControl('off', { nonNullable: true }),
    ageDays: text((t) => daysProblem(t, true)),
    spaceOn: new FormControl(false, { nonNullable: true }),
    spaceAmount: text(spaceAmountProblem),
    spaceUnit: new FormControl<SpaceUnit>('GB', { nonNullable: true }),
    watchedEnabled: new FormControl(false, { nonNullable: true }),
    sinceWatched: text((t) => daysProblem(t, false)),
    minVideoAge: text((t) => daysProblem(t, false)),
    keepRecent: text(keepRecentProblem),
    rule: new FormControl<WatchedRule>('any', { nonNullable: true }),
  });
}

function setEnabled(control: AbstractControl, on: boolean): void {
  if (on && control.disabled) control.enable({ emitEvent: false });
  else if (!on && control.enabled) control.disable({ emitEvent: false });
}

/** The custom days only with a custom age; the amount and unit only with the free-space rule. */
export function syncEnabled(form: RetentionForm): void {
  const c = form.controls;
  setEnabled(c.ageDays, c.age.value === 'custom');
  setEnabled(c.spaceAmount, c.spaceOn.value);
  setEnabled(c.spaceUnit, c.spaceOn.value);
}
