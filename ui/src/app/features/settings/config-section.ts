import {
  Component,
  ElementRef,
  Injector,
  afterNextRender,
  computed,
  inject,
  input,
  linkedSignal,
  output,
  signal,
} from '@angular/core';
import { FormControl, FormGroup, type AbstractControl } from '@angular/forms';
import { MatCardModule } from '@angular/material/card';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { mapErrorDetails } from '../../shared/error-paths';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { Api, toApiError } from '../../core/api';
import { diffConfig, validateField } from './config-diff';
import {
  buildConfigGroups,
  outputDirectoryNote,
  rangeHint,
  type ConfigField,
  type ConfigGroup,
  type ConfigView,
} from './config-fields';

function initialValue(f: ConfigField): unknown {
  if (f.kind === 'secret') return '';
  if (f.kind === 'multi') return Array.isArray(f.value) ? [...(f.value as unknown[])] : [];
  return f.value;
}

function buildForm(groups: readonly ConfigGroup[]): FormGroup<Record<string, FormControl<unknown>>> {
  const controls: Record<string, FormControl<unknown>> = {};
  for (const g of groups) {
    for (const s of g.sections) {
      for (const f of s.fields) {
        const validator = (c: AbstractControl) => {
          const message = validateField(f, c.value);
          return message ? { field: message } : null;
        };
        const control = new FormControl<unknown>(initialValue(f), { validators: validator });
        if (f.readOnly) control.disable();
        controls[f.key] = control;
      }
    }
  }
  return new FormGroup(controls);
}

/** Section 1 of the settings page: every config key of `GET /getconfig`, saved with `PATCH /api/config`. */
@Component({
  selector: 'app-config-section',
  imports: [FORM_CONTROLS, MatCardModule, MatSlideToggleModule],
  templateUrl: './config-section.html',
  styleUrl: './config-section.css',
})
export class ConfigSection {
  private readonly api = inject(Api);
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef);
  private readonly injector = inject(Injector);
  readonly view = input.required<ConfigView>();
  /** The server's new view after a successful save. */
  readonly saved = output<ConfigView>();

  private readonly resets = signal(0);
  readonly groups = computed(() => buildConfigGroups(this.view()));
  readonly fields = computed(() => this.groups().flatMap((g) => g.sections.flatMap((s) => s.fields)));
  readonly form = computed(() => {
    this.resets();
    return buildForm(this.groups());
  });
  readonly clearSecrets = linkedSignal({
    source: this.form,
    computation: (): ReadonlySet<string> => new Set<string>(),
  });
  readonly outputNote = computed(() => outputDirectoryNote(this.view()));

  readonly busy = signal(false);
  readonly error = signal<string | null>(null);
  readonly otherErrors = signal<string[]>([]);
  readonly status = signal<string | null>(null);

  hint(f: ConfigField): string {
    return rangeHint(f);
  }

  /** The read-only reason, or the key's description. */
  hintOf(f: ConfigField): string {
    return f.readOnly ? `Read-only: ${f.readOnly}` : (f.description ?? '');
  }

  errorOf(key: string): string | null {
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
    const fields = this.fields();
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

  reset(): void {
    this.error.set(null);
    this.otherErrors.set([]);
    this.status.set(null);
    this.resets.update((n) => n + 1);
  }

  async save(): Promise<void> {
    const form = this.form();
    this.error.set(null);
    this.otherErrors.set([]);
    this.status.set(null);
    form.markAllAsTouched();
    if (form.invalid) {
      this.error.set('Some values are not valid: see the highlighted fields.');
      this.focusFirstInvalid();
      return;
    }
    const patch = this.patch();
    const keys = Object.keys(patch);
    if (keys.length === 0) {
      this.status.set('Nothing to save: no value was changed.');
      return;
    }
    this.busy.set(true);
    try {
      const view = await this.api.patch<ConfigView>('/api/config', patch);
      this.status.set(`Saved ${keys.length} setting${keys.length === 1 ? '' : 's'}.`);
      this.saved.emit(view);
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
      this.focusFirstInvalid();
    } finally {
      this.busy.set(false);
    }
  }

  private focusFirstInvalid(): void {
    afterNextRender(
      () => {
        const el = this.host.nativeElement.querySelector<HTMLElement>('[data-testid^="config-"].ng-invalid');
        if (!el) return;
        const target = el.matches('input, textarea, mat-select')
          ? el
          : el.querySelector<HTMLElement>('button, input, [tabindex]');
        target?.focus();
      },
      { injector: this.injector },
    );
  }
}
