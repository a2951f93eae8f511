import { afterNextRender, computed, linkedSignal, signal, type Injector, type Signal } from '@angular/core';
import { FormControl, FormGroup, type AbstractControl } from '@angular/forms';
import { toApiError } from '../../core/api';
import type { ConfigApi } from './config-api';
import { mapErrorDetails } from '../error-paths';
import { diffConfig, sameValue, validateField } from './config-diff';
import type { ConfigField, ConfigView } from './config-fields';

export type ConfigFormGroup = FormGroup<Record<string, FormControl<unknown>>>;

function initialValue(f: ConfigField): unknown {
  if (f.kind === 'secret') return '';
  if (f.kind === 'multi' || f.kind === 'list') return Array.isArray(f.value) ? [...(f.value as unknown[])] : [];
  return f.value;
}

function buildForm(fields: readonly ConfigField[]): ConfigFormGroup {
  const controls: Record<string, FormControl<unknown>> = {};
  for (const f of fields) {
    const validator = (c: AbstractControl) => {
      const message = validateField(f, c.value);
      return message ? { field: message } : null;
    };
    const control = new FormControl<unknown>(initialValue(f), { validators: validator });
    if (f.readOnly) control.disable();
    controls[f.key] = control;
  }
  return new FormGroup(controls);
}

/** Carries the typed (dirty) values of `before` into `form` where the server's value stayed the same. */
function keepTyped(
  before: { form: ConfigFormGroup; fields: readonly ConfigField[] },
  fields: readonly ConfigField[],
  form: ConfigFormGroup,
): void {
  const old = new Map(before.fields.map((f) => [f.key, f]));
  for (const f of fields) {
    const was = old.get(f.key);
    const typed = before.form.controls[f.key];
    if (!was || !typed?.dirty || typed.disabled || f.readOnly) continue;
    if (!sameValue(was.value, f.value) || was.secretSet !== f.secretSet) continue;
    const control = form.controls[f.key]!;
    control.setValue(typed.value);
    control.markAsDirty();
  }
}

export interface ConfigFormOptions {
  api: ConfigApi;
  /** The keys this form edits, with their values on the server; a new list starts a new form. */
  fields: Signal<readonly ConfigField[]>;
  /** The server's new view after a successful save. */
  saved: (view: ConfigView) => void;
  /** The form was refused before sending (the page may move the focus to the first problem). */
  invalid?: () => void;
}

/**
 * A form over some config keys, saved with `PATCH /api/config`: only the changed keys are sent,
 * secrets are write-only (empty keeps the stored one, "remove" sends ""), read-only keys are
 * never sent, the schema rules are checked before sending and the server's 400 details land on
 * their fields. The general configuration section and each media-server card use one.
 */
export class ConfigForm {
  /** Bumped by Discard and by a save: the next form starts from the server's values. */
  private readonly fresh = signal(0);
  /** Bumped by every change of the form (value, status, touched, pristine). */
  private readonly edits = signal(0);
  private last: { form: ConfigFormGroup; fields: readonly ConfigField[]; fresh: number } | null = null;
  /**
   * The controls, rebuilt when the fields change. A rebuild caused by a new view from elsewhere
   * (another card saved, a sign-in stored a token) keeps what the user typed into keys whose
   * value on the server did not change.
   */
  readonly form = computed(() => {
    const fresh = this.fresh();
    const fields = this.options.fields();
    const form = buildForm(fields);
    if (this.last?.fresh === fresh) keepTyped(this.last, fields, form);
    this.last = { form, fields, fresh };
    // Values, validity and touched state as a signal: OnPush views showing them need to know.
    form.events.subscribe(() => this.edits.update((n) => n + 1));
    return form;
  });
  /** Stored secrets the user asked to remove (sent as ""). */
  readonly clearSecrets = linkedSignal({
    source: this.form,
    computation: (): ReadonlySet<string> => new Set<string>(),
  });
  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
  readonly otherErrors = signal<string[]>([]);
  readonly status = signal<string | null>(null);

  constructor(private readonly options: ConfigFormOptions) {}

  /** The read-only reason, or the key's description. */
  hintOf(f: ConfigField): string {
    return f.readOnly ? `Read-only: ${f.readOnly}` : (f.description ?? '');
  }

  errorOf(key: string): string | null {
    this.edits();
    const c = this.form().controls[key];
    if (!c || !c.errors || !(c.touched || c.dirty)) return null;
    return (
      (c.errors['server'] as string | undefined) ??
      (c.errors['field'] as string | undefined) ??
      'The value is not valid'
    );
  }

  /** The `PATCH /api/config` body for the form as it is now. */
  patch(): Record<string, unknown> {
    this.edits();
    const fields = this.options.fields();
    return diffConfig({
      fields,
      initial: Object.fromEntries(fields.map((f) => [f.key, f.value])),
      current: this.form().getRawValue(),
      readOnly: new Set(fields.filter((f) => f.readOnly).map((f) => f.key)),
      clearSecrets: this.clearSecrets(),
    });
  }

  pendingText(): string {
    const n = Object.keys(this.patch()).length;
    return n === 0 ? 'No unsaved changes' : `${n} unsaved change${n === 1 ? '' : 's'}`;
  }

  toggleClear(key: string, on: boolean): void {
    const next = new Set(this.clearSecrets());
    const control = this.form().controls[key];
    if (on) {
      next.add(key);
      control?.setValue('');
      control?.disable();
    } else {
      next.delete(key);
      control?.enable();
    }
    this.clearSecrets.set(next);
  }

  /** Back to the values on the server. */
  reset(): void {
    this.clearMessages();
    this.fresh.update((n) => n + 1);
  }

  /** Sends the changed keys; true when the server saved them. */
  async save(): Promise<boolean> {
    const form = this.form();
    this.clearMessages();
    form.markAllAsTouched();
    if (form.invalid) {
      this.error.set('Some values are not valid: see the highlighted fields.');
      this.options.invalid?.();
      return false;
    }
    const patch = this.patch();
    const keys = Object.keys(patch);
    if (keys.length === 0) {
      this.status.set('Nothing to save: no value was changed.');
      return false;
    }
    this.busy.set(true);
    try {
      const view: ConfigView = await this.options.api.save(patch);
      this.status.set(`Saved ${keys.length} setting${keys.length === 1 ? '' : 's'}.`);
      this.fresh.update((n) => n + 1);
      this.options.saved(view);
      return true;
    } catch (err) {
      const e = toApiError(err);
      const mapped = mapErrorDetails(e.details, Object.keys(form.controls));
      for (const [key, messages] of Object.entries(mapped.byField)) {
        const control = form.controls[key];
        control?.setErrors({ ...(control.errors ?? {}), server: messages.join('; ') });
        control?.markAsTouched();
      }
      this.error.set(e.message);
      this.otherErrors.set(mapped.other);
      this.options.invalid?.();
      return false;
    } finally {
      this.busy.set(false);
    }
  }

  private clearMessages(): void {
    this.error.set(null);
    this.otherErrors.set([]);
    this.status.set(null);
  }
}

/**
 * After a refused save, brings the first problem into view (after the next render): the first
 * field with a problem inside `host`, scrolled to the middle of the screen and focused, or, when
 * no field shows it (an error about the request as a whole), the error message itself. A long
 * settings page otherwise showed the error off-screen.
 */
export function focusFirstInvalid(host: HTMLElement, injector: Injector): void {
  afterNextRender(
    () => {
      const el = host.querySelector<HTMLElement>('[data-testid^="config-"].ng-invalid');
      const target = !el
        ? null
        : el.matches('input, textarea, mat-select')
          ? el
          : el.querySelector<HTMLElement>('button, input, [tabindex]');
      const shown = el ?? host.querySelector<HTMLElement>('[role="alert"]');
      // jsdom (the unit tests) has no scrollIntoView.
      shown?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      target?.focus({ preventScroll: true });
    },
    { injector },
  );
}
