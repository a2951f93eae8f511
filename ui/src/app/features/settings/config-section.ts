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
import { mapErrorDetails } from './error-paths';

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
  template: `
    <mat-card appearance="outlined">
      <mat-card-header
        ><mat-card-title><h2 id="settings-config-title">Configuration</h2></mat-card-title></mat-card-header
      >
      <mat-card-content>
        <form [formGroup]="form()" (ngSubmit)="save()" novalidate aria-labelledby="settings-config-title">
          @for (g of groups(); track g.owner) {
            <fieldset class="group" [attr.data-testid]="'config-group-' + g.owner">
              <legend>{{ g.label }}</legend>
              @if (g.owner === 'core') {
                <div class="readonly-row" data-testid="config-output-directory">
                  <span class="name">Output directory</span>
                  <code>{{ view().sourceOutputDirectory }}</code>
                  <span class="muted">Read-only: {{ outputNote() }}</span>
                </div>
              }
              @if (g.owner === 'auth' && view().isPlatformManaged.authEnabled === false) {
                <p class="muted">Authentication is turned off by AUTH_ENABLED=false on the server.</p>
              }
              @for (note of g.notes; track note) {
                <p class="muted">{{ note }}</p>
              }
              @for (s of g.sections; track s.title) {
                @if (s.title) {
                  <h3>{{ s.title }}</h3>
                }
                <div class="fields">
                  @for (f of s.fields; track f.key) {
                    @switch (f.kind === 'multi' ? 'enum' : f.kind) {
                      @case ('boolean') {
                        <div class="toggle">
                          <mat-slide-toggle
                            [formControlName]="f.key"
                            [attr.data-testid]="'config-' + f.key"
                            [aria-describedby]="'hint-' + f.key"
                            >{{ f.label }}</mat-slide-toggle
                          >
                          <p class="hint" [id]="'hint-' + f.key">{{ hintOf(f) }}</p>
                          @if (errorOf(f.key); as e) {
                            <p class="error" role="alert">{{ e }}</p>
                          }
                        </div>
                      }
                      @case ('enum') {
                        <!-- One choice, or several for a multi field (fixed per field: set once). -->
                        <mat-form-field appearance="outline" subscriptSizing="dynamic">
                          <mat-label>{{ f.label }}</mat-label>
                          <mat-select
                            [multiple]="f.kind === 'multi'"
                            [formControlName]="f.key"
                            [attr.data-testid]="'config-' + f.key"
                          >
                            @for (o of f.options; track o.value) {
                              <mat-option [value]="o.value">{{ o.label }}</mat-option>
                            }
                          </mat-select>
                          <mat-hint>{{ hintOf(f) }}</mat-hint>
                          <mat-error>{{ errorOf(f.key) }}</mat-error>
                        </mat-form-field>
                      }
                      @case ('secret') {
                        <div class="secret">
                          <mat-form-field appearance="outline" subscriptSizing="dynamic">
                            <mat-label>{{ f.label }}</mat-label>
                            <input
                              matInput
                              type="password"
                              autocomplete="new-password"
                              [formControlName]="f.key"
                              [attr.data-testid]="'config-' + f.key"
                              [placeholder]="f.secretSet ? 'Leave empty to keep the stored value' : 'Not set'"
                            />
                            <mat-hint
                              ><span
                                class="badge"
                                [class.on]="f.secretSet"
                                [attr.data-testid]="'config-secret-' + f.key"
                                >{{ f.secretSet ? 'set' : 'not set' }}</span
                              >
                              Write-only. {{ hintOf(f) }}</mat-hint
                            >
                            <mat-error>{{ errorOf(f.key) }}</mat-error>
                          </mat-form-field>
                          @if (f.secretSet && !f.readOnly) {
                            <mat-checkbox
                              [checked]="clearSecrets().has(f.key)"
                              (change)="toggleClear(f.key, $event.checked)"
                              [attr.data-testid]="'config-clear-' + f.key"
                            >
                              Remove the stored {{ f.label.toLowerCase() }}
                            </mat-checkbox>
                          }
                        </div>
                      }
                      @case ('string') {
                        <mat-form-field appearance="outline" subscriptSizing="dynamic" [class.wide]="f.multiline">
                          <mat-label>{{ f.label }}</mat-label>
                          @if (f.multiline) {
                            <textarea
                              matInput
                              rows="2"
                              [formControlName]="f.key"
                              [attr.data-testid]="'config-' + f.key"
                              [attr.maxlength]="f.maxLength ?? null"
                            ></textarea>
                          } @else {
                            <input
                              matInput
                              [formControlName]="f.key"
                              [attr.data-testid]="'config-' + f.key"
                              autocomplete="off"
                              spellcheck="false"
                            />
                          }
                          <mat-hint>{{ hintOf(f) }}</mat-hint>
                          <mat-error>{{ errorOf(f.key) }}</mat-error>
                        </mat-form-field>
                      }
                      @default {
                        <mat-form-field appearance="outline" subscriptSizing="dynamic">
                          <mat-label>{{ f.label }}</mat-label>
                          <input
                            matInput
                            type="number"
                            inputmode="decimal"
                            [formControlName]="f.key"
                            [attr.data-testid]="'config-' + f.key"
                            [attr.min]="f.min ?? null"
                            [attr.max]="f.max ?? null"
                            [attr.step]="f.kind === 'integer' ? 1 : 'any'"
                          />
                          <mat-hint>
                            @if (!f.readOnly && hint(f)) {
                              <strong>{{ hint(f) }}</strong>.
                            }
                            {{ hintOf(f) }}</mat-hint
                          >
                          <mat-error>{{ errorOf(f.key) }}</mat-error>
                        </mat-form-field>
                      }
                    }
                  }
                </div>
              }
            </fieldset>
          }

          @if (error()) {
            <div class="error alert" role="alert" data-testid="config-error">
              <p>{{ error() }}</p>
              @if (otherErrors().length) {
                <ul>
                  @for (m of otherErrors(); track $index) {
                    <li>{{ m }}</li>
                  }
                </ul>
              }
            </div>
          }
          <div class="actions">
            <button mat-flat-button type="submit" [disabled]="busy()" data-testid="config-save">
              {{ busy() ? 'Saving…' : 'Save changes' }}
            </button>
            <button mat-button type="button" (click)="reset()" [disabled]="busy()" data-testid="config-reset">
              Discard changes
            </button>
            <span class="muted">{{ pendingText() }}</span>
            @if (status()) {
              <span role="status" data-testid="config-status">{{ status() }}</span>
            }
          </div>
        </form>
      </mat-card-content>
    </mat-card>
  `,
  styles: `
    .group {
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 12px;
      padding: 8px 16px 16px;
      margin: 0 0 16px;
      min-width: 0;
    }
    legend {
      font: var(--mat-sys-title-medium);
      padding: 0 6px;
    }
    h3 {
      font: var(--mat-sys-title-small);
      margin: 16px 0 8px;
      color: var(--mat-sys-on-surface-variant);
    }
    .fields {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
      gap: 12px 16px;
      align-items: start;
    }
    .wide {
      grid-column: 1 / -1;
    }
    .toggle {
      padding: 4px 0;
    }
    .hint {
      font: var(--mat-sys-body-small);
      color: var(--mat-sys-on-surface-variant);
      margin: 4px 0 0;
    }
    .secret {
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .badge {
      display: inline-block;
      font-size: 11px;
      padding: 0 6px;
      border-radius: 8px;
      background: var(--mat-sys-surface-variant);
      margin-right: 4px;
    }
    .badge.on {
      background: var(--mat-sys-primary-container);
      color: var(--mat-sys-on-primary-container);
    }
    .readonly-row {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      align-items: baseline;
      margin: 8px 0;
    }
    .readonly-row .name {
      font-weight: 500;
    }
    .readonly-row code {
      overflow-wrap: anywhere;
    }
    mat-form-field {
      width: 100%;
    }
    .alert {
      border: 1px solid var(--mat-sys-error);
      border-radius: 8px;
      padding: 4px 12px;
      margin-bottom: 12px;
    }
    .alert p {
      margin: 8px 0;
    }
    .actions {
      position: sticky;
      bottom: 0;
      z-index: 1;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px 12px;
      padding: 8px 0;
      background: var(--mat-sys-surface);
    }
  `,
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
