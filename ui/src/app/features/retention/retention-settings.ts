import { computed, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup, type AbstractControl } from '@angular/forms';
import type { MediaServerStatus, WatchStatusOverview } from '@vidkeep/contracts';
import { toApiError, type Api } from '../../core/api';
import { mapErrorDetails } from '../../shared/error-paths';
import { hintValidator } from '../../shared/field-rules';
import type { ConfigView } from '../../shared/config-form/config-fields';
import {
  RETENTION_KEYS,
  RULE_KEY,
  changedValues,
  controlOfKey,
  daysProblem,
  dryRunBody,
  keepRecentProblem,
  spaceAmountProblem,
  toModel,
  toValues,
  valuesOf,
  type AutoRemovalResult,
  type AutoRemovalStatus,
  type RetentionModel,
  type RetentionValues,
  type SpaceUnit,
  type WatchedRule,
} from './retention-model';

type RetentionForm = FormGroup<{ [K in keyof RetentionModel]: FormControl<RetentionModel[K]> }>;

/** A preview as the page shows it: the plan, and what it was asked with. */
export interface RetentionPreview {
  result: AutoRemovalResult;
  values: RetentionValues;
  /** Values (the watched rule too) differed from the saved ones. */
  unsaved: boolean;
}

/** How often the page looks again while a removal runs. */
export const STATUS_POLL_MS = 5000;

const text = (check: (value: string) => string | null) =>
  new FormControl('', { nonNullable: true, validators: hintValidator(check) });

function setEnabled(control: AbstractControl, on: boolean): void {
  if (on && control.disabled) control.enable({ emitEvent: false });
  else if (!on && control.enabled) control.disable({ emitEvent: false });
}

export interface RetentionSettingsOptions {
  api: Api;
  /** The form was refused before sending (the page moves the focus to the first problem). */
  invalid?: () => void;
}

/**
 * What the Retention page knows and does: the retention keys and the watched rule as a form
 * (thresholds as people pick them: a choice of days, an amount and unit), saved with
 * `PATCH /api/config` (only changed keys; the server's objections on their fields); the preview
 * (`POST /api/auto-removal/dry-run` with the form's unsaved values); the last run
 * (`GET /api/auto-removal/status`, looked at again while one runs); and whether watched videos
 * can be known at all (watch-status sync on, a media server connected).
 * Create it in a field initializer (it needs the injection context).
 */
export class RetentionSettings {
  readonly view = signal<ConfigView | null>(null);
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

  readonly form: RetentionForm = new FormGroup({
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

  readonly status = signal<AutoRemovalStatus | null>(null);
  readonly statusError = signal<string | null>(null);

  /** Watch-status sync on or off; `unavailable` when its plugin does not answer; null while unknown. */
  readonly watchSync = signal<{ enabled: boolean } | 'unavailable' | null>(null);
  /** Whether any media server is connected; null while unknown. */
  readonly anyConnected = signal<boolean | null>(null);
  /** Why the watched rule may remove nothing, in plain words. */
  readonly watchedNotes = computed<string[]>(() => {
    const notes: string[] = [];
    const sync = this.watchSync();
    if (sync === 'unavailable')
      notes.push(
        'The watch-status plugin is not running, so no video is known to be watched: this rule removes nothing.',
      );
    else if (sync && !sync.enabled)
      notes.push('Watch-status sync is switched off: this rule is skipped until it is switched on.');
    if (this.anyConnected() === false)
      notes.push('No media server is connected: nothing is known to be watched until one is.');
    return notes;
  });

  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: RetentionSettingsOptions) {
    this.form.valueChanges.pipe(takeUntilDestroyed()).subscribe(() => {
      this.syncEnabled();
      this.edits.update((n) => n + 1);
    });
  }

  async load(): Promise<void> {
    await Promise.all([this.loadConfig(), this.loadStatus(), this.loadWatchContext()]);
  }

  async loadConfig(): Promise<void> {
    this.loadError.set(null);
    try {
      const view = await this.options.api.get<ConfigView>('/getconfig');
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
    this.syncEnabled();
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
      const view = await this.options.api.patch<ConfigView>('/api/config', patch);
      this.view.set(view);
      this.reset();
      this.saveStatus.set(`Saved ${n} setting${n === 1 ? '' : 's'}.`);
      void this.loadStatus();
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
      const result = await this.options.api.post<AutoRemovalResult>('/api/auto-removal/dry-run', dryRunBody(values));
      this.preview.set({
        result,
        values,
        unsaved: changed.length > 0,
      });
    } catch (err) {
      const e = toApiError(err);
      const other = this.showObjections(e.details);
      this.previewError.set(`Not previewed: ${[e.message, ...other].join('; ')}`);
    } finally {
      this.previewing.set(false);
    }
  }

  async loadStatus(): Promise<void> {
    try {
      const status = await this.options.api.get<AutoRemovalStatus>('/api/auto-removal/status');
      if (this.stopped) return;
      this.status.set(status);
      this.statusError.set(null);
      if (status.running) this.lookAgain();
    } catch (err) {
      const e = toApiError(err);
      // Without the retention plugin the page says so once; no second message here.
      if (e.status !== 404) this.statusError.set(`The last run could not be read: ${e.message}`);
    }
  }

  /** Whether watched videos can be known: the sync's state and the connected media servers. */
  async loadWatchContext(): Promise<void> {
    const api = this.options.api;
    await Promise.all([
      api.get<WatchStatusOverview>('/api/mediaservers/watch-status').then(
        (o) => this.watchSync.set({ enabled: o.enabled }),
        (err: unknown) => this.watchSync.set(toApiError(err).status === 404 ? 'unavailable' : null),
      ),
      api.get<MediaServerStatus>('/api/mediaservers/status').then(
        (s) => this.anyConnected.set(s.servers.some((server) => server.connected)),
        () => this.anyConnected.set(null),
      ),
    ]);
  }

  /** The page goes away: no more looks at a running removal. */
  stop(): void {
    this.stopped = true;
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
  }

  private lookAgain(): void {
    if (this.statusTimer || this.stopped) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      void this.loadStatus();
    }, STATUS_POLL_MS);
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

  /** The custom days only with a custom age; the amount and unit only with the free-space rule. */
  private syncEnabled(): void {
    const c = this.form.controls;
    setEnabled(c.ageDays, c.age.value === 'custom');
    setEnabled(c.spaceAmount, c.spaceOn.value);
    setEnabled(c.spaceUnit, c.spaceOn.value);
  }

  private clearSaveMessages(): void {
    this.saveError.set(null);
    this.saveOther.set([]);
    this.saveStatus.set(null);
  }
}
