import { computed, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { toApiError, type RouteResponse } from '../../core/api';
import { mapErrorDetails } from '../../shared/error-paths';
import {
  RETENTION_KEYS,
  RULE_KEY,
  changedValues,
  controlOfKey,
  dryRunBody,
  toModel,
  toValues,
  valuesOf,
  type RetentionModel,
  type RetentionValues,
} from './retention-model';
import { RemovalStatus } from './removal-status';
import { retentionForm, syncEnabled, type RetentionForm } from './retention-form';
import type { AutoRemovalResult } from './removal-words';
import { RetentionApi } from './retention-api';

/** A preview as the page shows it: the plan, and what it was asked with. */
export interface RetentionPreview {
  result: AutoRemovalResult;
  values: RetentionValues;
  /** Values (the watched rule too) differed from the saved ones. */
  unsaved: boolean;
}

export interface RetentionSettingsOptions {
  /** The form was refused before sending (the page moves the focus to the first problem). */
  invalid?: () => void;
  /** A preview answered (the page brings it into view). */
  previewed?: () => void;
}

/**
 * What the Retention page knows and does: the retention keys and the watched rule as a form
 * (thresholds as people pick them: a choice of days, an amount and unit), saved with
 * `PATCH /api/config` (only changed keys; the server's objections on their fields); the preview
 * (`POST /api/auto-removal/dry-run` with the form's unsaved values); and, from `RemovalStatus`,
 * the last run and whether watched videos can be known at all.
 * Create it in a field initializer (it needs the injection context).
 */
export class RetentionSettings {
  private readonly api = inject(RetentionApi);
  private readonly removal = new RemovalStatus();
  readonly view = signal<RouteResponse<'GET /getconfig'> | null>(null);
  readonly loadError = signal<string | null>(null);
  /** The retention plugin runs (its keys are in the configuration); null until it is loaded. */
  readonly available = computed(() => {
    const view = this.view();
    return view ? 'autoRemovalEnabled' in view : null;
  });
  readonly savedValues = computed(() => {
    const view = this.view();
    return view ? valuesOf(view) : null;
  });

  readonly form: RetentionForm = retentionForm();
  /** Bumped on every change of the form, so that what depends on it is recomputed. */
  private readonly edits = signal(0);
  /** The values the form means now. */
  readonly current = computed(() => {
    this.edits();
    return toValues(this.form.getRawValue());
  });
  readonly changes = computed(() => {
    const saved = this.savedValues();
    return saved ? changedValues(saved, this.current()) : {};
  });
  readonly hasChanges = computed(() => Object.keys(this.changes()).length > 0);
  readonly pendingText = computed(() => {
    const n = Object.keys(this.changes()).length;
    return n === 0 ? 'No unsaved changes' : `${n} unsaved change${n === 1 ? '' : 's'}`;
  });

  readonly saving = signal(false);
  readonly saveError = signal<string | null>(null);
  readonly saveOther = signal<string[]>([]);
  readonly saveStatus = signal<string | null>(null);

  readonly previewing = signal(false);
  readonly previewError = signal<string | null>(null);
  readonly preview = signal<RetentionPreview | null>(null);
  /** The form changed since the preview was made. */
  readonly previewStale = computed(() => {
    const p = this.preview();
    return !!p && JSON.stringify(dryRunBody(p.values)) !== JSON.stringify(dryRunBody(this.current()));
  });

  readonly status = this.removal.status;
  readonly statusError = this.removal.statusError;
  /** Why the watched rule may remove nothing, in plain words. */
  readonly watchedNotes = this.removal.watchedNotes;
  /** Run now: busy and refusal, and what it removed. */
  readonly running = this.removal.running;
  readonly runOutcome = this.removal.runOutcome;
  runNow = () => this.removal.runNow();

  constructor(private readonly options: RetentionSettingsOptions = {}) {
    this.form.valueChanges.pipe(takeUntilDestroyed()).subscribe(() => {
      syncEnabled(this.form);
      this.edits.update((n) => n + 1);
    });
  }

  async load(): Promise<void> {
    await Promise.all([this.loadConfig(), this.removal.loadStatus(), this.removal.loadWatchContext()]);
  }

  async loadConfig(): Promise<void> {
    this.loadError.set(null);
    try {
      const view = await this.api.config();
      this.view.set(view);
      this.reset();
    } catch (err) {
      this.loadError.set(`The settings could not be loaded: ${toApiError(err).message}`);
    }
  }

  /** Back to the saved values. */
  reset(): void {
    const saved = this.savedValues();
    this.clearSaveMessages();
    if (!saved) return;
    this.form.reset(toModel(saved), { emitEvent: false });
    syncEnabled(this.form);
    this.edits.update((n) => n + 1);
  }

  /** What is wrong with a control, once the user touched it (or the server objected). */
  errorOf(name: keyof RetentionModel): string | null {
    const c = this.form.controls[name];
    if (!c.errors || !(c.touched || c.dirty)) return null;
    return (c.errors['server'] as string | undefined) ?? (c.errors['hint'] as string | undefined) ?? 'Not valid';
  }

  /** Saves the changed keys; true when the server took them. */
  async save(): Promise<boolean> {
    this.clearSaveMessages();
    this.form.markAllAsTouched();
    if (this.form.invalid) {
      this.saveError.set('Some values are not valid: see the highlighted fields.');
      this.options.invalid?.();
      return false;
    }
    const patch = this.changes();
    const n = Object.keys(patch).length;
    if (n === 0) {
      this.saveStatus.set('Nothing to save: no value was changed.');
      return false;
    }
    this.saving.set(true);
    try {
      const view = await this.api.saveConfig(patch);
      this.view.set(view);
      this.reset();
      this.saveStatus.set(`Saved ${n} setting${n === 1 ? '' : 's'}.`);
      void this.removal.loadStatus();
      return true;
    } catch (err) {
      const e = toApiError(err);
      this.saveError.set(e.message);
      this.saveOther.set(this.showObjections(e.details));
      this.options.invalid?.();
      return false;
    } finally {
      this.saving.set(false);
    }
  }

  /** Asks the server what a run would remove now with the form's values, saved or not. */
  async runPreview(): Promise<void> {
    this.previewError.set(null);
    this.form.markAllAsTouched();
    if (this.form.invalid) {
      this.previewError.set('Not previewed: correct the highlighted fields first.');
      this.options.invalid?.();
      return;
    }
    const values = this.current();
    const changed = Object.keys(this.changes());
    this.previewing.set(true);
    try {
      const result = await this.api.dryRun(dryRunBody(values));
      this.preview.set({
        result,
        values,
        unsaved: changed.length > 0,
      });
      this.options.previewed?.();
    } catch (err) {
      const e = toApiError(err);
      const other = this.showObjections(e.details);
      this.previewError.set(`Not previewed: ${[e.message, ...other].join('; ')}`);
    } finally {
      this.previewing.set(false);
    }
  }

  /** The page goes away: no more looks at a running removal. */
  stop(): void {
    this.removal.stop();
  }

  /** The server's 400 details on their controls; returns those no control takes. */
  private showObjections(details: readonly { path: string; message: string }[]): string[] {
    const mapped = mapErrorDetails(details, [...RETENTION_KEYS, RULE_KEY]);
    const model = this.form.getRawValue();
    for (const [key, messages] of Object.entries(mapped.byField)) {
      const name = controlOfKey(key, model);
      const control = name ? this.form.controls[name] : null;
      control?.setErrors({ ...(control.errors ?? {}), server: messages.join('; ') });
      control?.markAsTouched();
    }
    return mapped.other;
  }

  private clearSaveMessages(): void {
    this.saveError.set(null);
    this.saveOther.set([]);
    this.saveStatus.set(null);
  }
}
