import { DatePipe } from '@angular/common';
import { Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import {
  FormControl,
  FormGroup,
  type AbstractControl,
  type FormGroupDirective,
  type NgForm,
  type ValidatorFn,
} from '@angular/forms';
import { ErrorStateMatcher } from '@angular/material/core';
import { MAT_DIALOG_DATA, MatDialogModule, MatDialogRef } from '@angular/material/dialog';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { Api, toApiError } from '../../core/api';
import type { AudioFormat, ChannelSettings, FilterPreviewResponse, Resolution, TabType } from './api-types';
import { TABS, tabLabel } from './channel-format';
import {
  ADDITIONAL_TAGS_MAX,
  AUDIO_CHOICES,
  KEEP_RECENT_MAX,
  RESERVED_SUBFOLDER,
  RESOLUTION_CHOICES,
  SKIP_FOLDER_CHOICES,
  TITLE_FILTER_MAX,
  changedSettings,
  hiddenTabsHint,
  parseKeepCount,
  parseTags,
  subfolderHint,
  tagsHint,
  titleFilterHint,
  toModel,
  type SettingsModel,
  type TriChoice,
} from './settings-form';

export interface ChannelSettingsDialogData {
  channelId: string;
  title: string;
}

/** Hints show while typing (not only after leaving the field). */
class ShowWhenDirty implements ErrorStateMatcher {
  isErrorState(control: AbstractControl | null, form: FormGroupDirective | NgForm | null): boolean {
    return !!control?.invalid && (control.dirty || control.touched || !!form?.submitted);
  }
}

const hint =
  (check: (value: string) => string | null): ValidatorFn =>
  (c) => {
    const message = check(String(c.value ?? ''));
    return message ? { hint: message } : null;
  };

const keepCountValidator: ValidatorFn = (c) => {
  const n = parseKeepCount(c.value as string | number | null);
  if (n === null) return null;
  if (Number.isNaN(n)) return { hint: 'A whole number, 0 or more (empty = keep everything)' };
  return n > KEEP_RECENT_MAX ? { hint: `At most ${KEEP_RECENT_MAX}` } : null;
};

/** Every setting of a channel (`GET|PUT /api/channels/{id}/settings`); closes with the saved settings. */
@Component({
  selector: 'app-channel-settings-dialog',
  imports: [DatePipe, FORM_CONTROLS, MatDialogModule, MatSlideToggleModule, MatProgressBarModule],
  template: `
    <h2 mat-dialog-title>Settings of {{ data.title }}</h2>
    <mat-dialog-content>
      @if (loading()) {
        <mat-progress-bar mode="indeterminate" aria-label="Loading the settings" />
      }
      @if (loadError()) {
        <p class="error" role="alert" data-testid="settings-load-error">{{ loadError() }}</p>
      }
      @if (original()) {
        <form [formGroup]="form" id="channel-settings-form" (ngSubmit)="save()" novalidate>
          <fieldset>
            <legend>Downloads</legend>
            <mat-form-field appearance="outline">
              <mat-label>Subfolder</mat-label>
              <input
                matInput
                formControlName="subfolder"
                [errorStateMatcher]="matcher"
                autocomplete="off"
                data-testid="settings-subfolder"
              />
              @if (form.controls.subfolder.errors?.['hint']; as e) {
                <mat-error data-testid="settings-subfolder-hint">{{ e }}</mat-error>
              } @else {
                <mat-hint>One folder name; empty = none. {{ reserved }} is reserved.</mat-hint>
              }
            </mat-form-field>
            <mat-form-field appearance="outline">
              <mat-label>Video quality</mat-label>
              <mat-select formControlName="video_quality" data-testid="settings-quality">
                <mat-option value="">Global default</mat-option>
                @for (r of resolutions; track r.value) {
                  <mat-option [value]="r.value">Up to {{ r.label }}</mat-option>
                }
              </mat-select>
            </mat-form-field>
            <mat-form-field appearance="outline">
              <mat-label>Audio</mat-label>
              <mat-select formControlName="audio_format" data-testid="settings-audio">
                @for (a of audioChoices; track a.value) {
                  <mat-option [value]="a.value">{{ a.label }}</mat-option>
                }
              </mat-select>
            </mat-form-field>
            <mat-form-field appearance="outline">
              <mat-label>Files without a folder per video</mat-label>
              <mat-select formControlName="skip_video_folder" data-testid="settings-skip-folder">
                @for (s of skipChoices; track s.value) {
                  <mat-option [value]="s.value">{{ s.label }}</mat-option>
                }
              </mat-select>
            </mat-form-field>
          </fieldset>

          <fieldset>
            <legend>Title filter</legend>
            <div class="with-button">
              <mat-form-field appearance="outline">
                <mat-label>Title filter (regular expression)</mat-label>
                <input
                  matInput
                  formControlName="title_filter_regex"
                  [errorStateMatcher]="matcher"
                  autocomplete="off"
                  spellcheck="false"
                  data-testid="settings-title-filter"
                />
                @if (form.controls.title_filter_regex.errors?.['hint']; as e) {
                  <mat-error>{{ e }}</mat-error>
                } @else {
                  <mat-hint
                    >Automatic downloads only take matching titles. Case-sensitive; start with (?i) to ignore
                    case.</mat-hint
                  >
                }
                <mat-hint align="end">{{ form.value.title_filter_regex?.length ?? 0 }} / {{ titleMax }}</mat-hint>
              </mat-form-field>
              <button
                mat-stroked-button
                type="button"
                (click)="preview()"
                [disabled]="previewing()"
                data-testid="settings-filter-preview"
              >
                {{ previewing() ? 'Checking…' : 'Preview' }}
              </button>
            </div>
            @if (previewError()) {
              <p class="error" role="alert" data-testid="settings-filter-error">{{ previewError() }}</p>
            }
            @if (previewResult(); as p) {
              <div class="preview" data-testid="settings-filter-result">
                <p role="status">{{ p.matchCount }} of the {{ p.totalCount }} newest known videos match.</p>
                <ul aria-label="Filter preview">
                  @for (v of p.videos; track v.sourceId) {
                    <li [class.miss]="!v.matches">
                      <span aria-hidden="true">{{ v.matches ? '✓' : '✗' }}</span>
                      <span class="sr-only">{{ v.matches ? 'Matches:' : 'Does not match:' }}</span>
                      {{ v.title }}
                      @if (v.publishedAt) {
                        <span class="muted">· {{ v.publishedAt | date: 'mediumDate' }}</span>
                      }
                    </li>
                  }
                </ul>
              </div>
            }
          </fieldset>

          <fieldset>
            <legend>Tags</legend>
            <mat-form-field appearance="outline">
              <mat-label>Additional tags</mat-label>
              <input
                matInput
                formControlName="additional_tags"
                [errorStateMatcher]="matcher"
                autocomplete="off"
                placeholder="news|tech talk"
                data-testid="settings-tags"
              />
              @if (form.controls.additional_tags.errors?.['hint']; as e) {
                <mat-error data-testid="settings-tags-hint">{{ e }}</mat-error>
              } @else {
                <mat-hint>Letters A-Z, digits, spaces, - and _; separate tags with |</mat-hint>
              }
              <mat-hint align="end">{{ form.value.additional_tags?.length ?? 0 }} / {{ tagsMax }}</mat-hint>
            </mat-form-field>
            @if (tagList().length) {
              <p class="small muted">Tags: {{ tagList().join(', ') }}</p>
            }
          </fieldset>

          <fieldset>
            <legend>Playlist file (.m3u)</legend>
            <mat-slide-toggle formControlName="m3u_enabled" data-testid="settings-m3u"
              >Keep an .m3u playlist of the downloaded videos</mat-slide-toggle
            >
            <mat-form-field appearance="outline">
              <mat-label>Playlist order</mat-label>
              <mat-select formControlName="m3u_sort_order" data-testid="settings-m3u-order">
                <mat-option value="oldest_first">Oldest first</mat-option>
                <mat-option value="newest_first">Newest first</mat-option>
              </mat-select>
            </mat-form-field>
          </fieldset>

          <fieldset>
            <legend>Automatic removal</legend>
            <mat-slide-toggle formControlName="auto_removal_protected" data-testid="settings-protected"
              >Protected: never remove this channel's videos automatically</mat-slide-toggle
            >
            <mat-form-field appearance="outline">
              <mat-label>Keep the newest videos</mat-label>
              <input
                matInput
                type="number"
                min="0"
                [max]="keepMax"
                step="1"
                formControlName="auto_removal_keep_recent_count"
                [errorStateMatcher]="matcher"
                data-testid="settings-keep-count"
              />
              @if (form.controls.auto_removal_keep_recent_count.errors?.['hint']; as e) {
                <mat-error>{{ e }}</mat-error>
              } @else {
                <mat-hint>{{
                  form.controls.auto_removal_protected.value
                    ? 'Not used while the channel is protected'
                    : 'How many recent videos automatic removal keeps; empty = no limit'
                }}</mat-hint>
              }
            </mat-form-field>
          </fieldset>

          <fieldset>
            <legend>Tabs</legend>
            @if (original()!.detected_tabs.length === 0) {
              <p class="muted small">No tabs detected yet.</p>
            }
            <div class="tabs">
              @for (t of detectedTabs(); track t) {
                <div class="tab-row" role="group" [attr.aria-label]="label(t) + ' tab'">
                  <strong>{{ label(t) }}</strong>
                  <mat-checkbox
                    [checked]="!isHidden(t)"
                    (change)="setHidden(t, !$event.checked)"
                    [attr.data-testid]="'settings-show-' + t"
                    >Show</mat-checkbox
                  >
                  <mat-checkbox
                    [checked]="isAuto(t)"
                    [disabled]="isHidden(t)"
                    (change)="setAuto(t, $event.checked)"
                    [attr.data-testid]="'settings-auto-' + t"
                  >
                    Download new ones automatically
                  </mat-checkbox>
                </div>
              }
            </div>
            @if (hiddenProblem()) {
              <p class="error small" role="alert">{{ hiddenProblem() }}</p>
            }
          </fieldset>
        </form>
      }
    </mat-dialog-content>
    <mat-dialog-actions>
      @if (error()) {
        <p class="error grow" role="alert" data-testid="settings-error">{{ error() }}</p>
      }
      @if (notice()) {
        <p class="grow" role="status" data-testid="settings-notice">{{ notice() }}</p>
      }
      <button mat-button type="button" mat-dialog-close data-testid="settings-cancel">Cancel</button>
      <button
        mat-flat-button
        type="submit"
        form="channel-settings-form"
        [disabled]="!original() || saving()"
        data-testid="settings-save"
      >
        {{ saving() ? 'Saving…' : 'Save' }}
      </button>
    </mat-dialog-actions>
  `,
  styles: `
    form {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    fieldset {
      border: 1px solid var(--mat-sys-outline-variant);
      border-radius: 8px;
      padding: 8px 12px 4px;
      margin: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
      min-width: 0;
    }
    legend {
      font: var(--mat-sys-title-small);
      padding: 0 4px;
    }
    mat-form-field {
      width: 100%;
    }
    mat-slide-toggle {
      margin: 4px 0;
    }
    .with-button {
      display: flex;
      gap: 8px;
      align-items: flex-start;
      flex-wrap: wrap;
    }
    .with-button mat-form-field {
      flex: 1 1 260px;
    }
    .with-button button {
      margin-top: 8px;
    }
    .preview ul {
      list-style: none;
      padding: 0;
      margin: 0 0 8px;
      max-height: 200px;
      overflow: auto;
      font-size: 13px;
    }
    .preview li {
      padding: 2px 0;
      overflow-wrap: anywhere;
    }
    .preview li.miss {
      color: var(--mat-sys-on-surface-variant);
    }
    .tabs {
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .tab-row {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0 12px;
    }
    .tab-row strong {
      min-width: 56px;
    }
    .small {
      font-size: 13px;
    }
    mat-dialog-actions {
      gap: 8px;
      flex-wrap: wrap;
    }
    mat-dialog-actions p {
      margin: 0;
    }
  `,
})
export class ChannelSettingsDialog {
  private readonly api = inject(Api);
  private readonly ref = inject<MatDialogRef<ChannelSettingsDialog, ChannelSettings>>(MatDialogRef);
  readonly data = inject<ChannelSettingsDialogData>(MAT_DIALOG_DATA);
  readonly matcher = new ShowWhenDirty();
  readonly resolutions = RESOLUTION_CHOICES;
  readonly audioChoices = AUDIO_CHOICES;
  readonly skipChoices = SKIP_FOLDER_CHOICES;
  readonly reserved = RESERVED_SUBFOLDER;
  readonly titleMax = TITLE_FILTER_MAX;
  readonly tagsMax = ADDITIONAL_TAGS_MAX;
  readonly keepMax = KEEP_RECENT_MAX;
  readonly label = tabLabel;

  readonly loading = signal(true);
  readonly loadError = signal<string | null>(null);
  readonly original = signal<ChannelSettings | null>(null);
  readonly saving = signal(false);
  readonly error = signal<string | null>(null);
  readonly notice = signal<string | null>(null);
  readonly previewing = signal(false);
  readonly previewError = signal<string | null>(null);
  readonly previewResult = signal<FilterPreviewResponse | null>(null);
  readonly hiddenTabs = signal<TabType[]>([]);
  readonly autoTabs = signal<TabType[]>([]);
  readonly tagList = signal<string[]>([]);

  readonly form = new FormGroup({
    subfolder: new FormControl('', { nonNullable: true, validators: [hint(subfolderHint)] }),
    video_quality: new FormControl<Resolution | ''>('', { nonNullable: true }),
    audio_format: new FormControl<AudioFormat | ''>('', { nonNullable: true }),
    skip_video_folder: new FormControl<TriChoice>('default', { nonNullable: true }),
    title_filter_regex: new FormControl('', { nonNullable: true, validators: [hint(titleFilterHint)] }),
    additional_tags: new FormControl('', { nonNullable: true, validators: [hint(tagsHint)] }),
    m3u_enabled: new FormControl(false, { nonNullable: true }),
    m3u_sort_order: new FormControl<'oldest_first' | 'newest_first'>('oldest_first', { nonNullable: true }),
    auto_removal_protected: new FormControl(false, { nonNullable: true }),
    auto_removal_keep_recent_count: new FormControl<string | number | null>(null, { validators: [keepCountValidator] }),
  });

  constructor() {
    this.form.controls.auto_removal_protected.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe((p) => this.syncProtected(p));
    this.form.controls.additional_tags.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe((t) => this.tagList.set(parseTags(t)));
    void this.load();
  }

  private get url(): string {
    return `/api/channels/${encodeURIComponent(this.data.channelId)}/settings`;
  }

  async load(): Promise<void> {
    this.loading.set(true);
    try {
      const r = await this.api.get<{ settings: ChannelSettings }>(this.url);
      this.apply(r.settings);
    } catch (err) {
      this.loadError.set(`The settings could not be loaded: ${toApiError(err).message}`);
    } finally {
      this.loading.set(false);
    }
  }

  private apply(s: ChannelSettings): void {
    const m = toModel(s);
    this.form.reset({
      subfolder: m.subfolder,
      video_quality: m.video_quality,
      audio_format: m.audio_format,
      skip_video_folder: m.skip_video_folder,
      title_filter_regex: m.title_filter_regex,
      additional_tags: m.additional_tags,
      m3u_enabled: m.m3u_enabled,
      m3u_sort_order: m.m3u_sort_order,
      auto_removal_protected: m.auto_removal_protected,
      auto_removal_keep_recent_count: m.auto_removal_keep_recent_count,
    });
    this.syncProtected(m.auto_removal_protected);
    this.hiddenTabs.set(m.hidden_tabs);
    this.autoTabs.set(m.auto_download_tabs);
    this.tagList.set(parseTags(m.additional_tags));
    this.original.set(s);
  }

  private syncProtected(isProtected: boolean): void {
    const c = this.form.controls.auto_removal_keep_recent_count;
    if (isProtected) c.disable({ emitEvent: false });
    else c.enable({ emitEvent: false });
  }

  detectedTabs(): TabType[] {
    const detected = this.original()?.detected_tabs ?? [];
    return TABS.filter((t) => detected.includes(t));
  }

  isHidden(t: TabType): boolean {
    return this.hiddenTabs().includes(t);
  }

  isAuto(t: TabType): boolean {
    return this.autoTabs().includes(t) && !this.isHidden(t);
  }

  setHidden(t: TabType, hidden: boolean): void {
    const rest = this.hiddenTabs().filter((x) => x !== t);
    this.hiddenTabs.set(hidden ? [...rest, t] : rest);
  }

  setAuto(t: TabType, on: boolean): void {
    const rest = this.autoTabs().filter((x) => x !== t);
    this.autoTabs.set(on ? [...rest, t] : rest);
  }

  hiddenProblem(): string | null {
    return hiddenTabsHint(this.hiddenTabs(), this.original()?.detected_tabs ?? []);
  }

  async preview(): Promise<void> {
    this.previewing.set(true);
    this.previewError.set(null);
    try {
      const r = await this.api.get<FilterPreviewResponse>(
        `/api/channels/${encodeURIComponent(this.data.channelId)}/filter-preview`,
        {
          title_filter_regex: this.form.controls.title_filter_regex.value.trim(),
        },
      );
      this.previewResult.set(r);
    } catch (err) {
      this.previewResult.set(null);
      this.previewError.set(toApiError(err).message);
    } finally {
      this.previewing.set(false);
    }
  }

  /** The form as a settings model (a keep count that is not a whole number is NaN). */
  model(): SettingsModel {
    const v = this.form.getRawValue();
    return {
      subfolder: v.subfolder,
      video_quality: v.video_quality,
      audio_format: v.audio_format,
      skip_video_folder: v.skip_video_folder,
      title_filter_regex: v.title_filter_regex,
      additional_tags: v.additional_tags,
      m3u_enabled: v.m3u_enabled,
      m3u_sort_order: v.m3u_sort_order,
      auto_removal_protected: v.auto_removal_protected,
      auto_removal_keep_recent_count: parseKeepCount(v.auto_removal_keep_recent_count),
      hidden_tabs: this.hiddenTabs(),
      auto_download_tabs: this.autoTabs(),
    };
  }

  async save(): Promise<void> {
    const original = this.original();
    if (!original || this.saving()) return;
    this.error.set(null);
    this.notice.set(null);
    const model = this.model();
    if (model.auto_removal_keep_recent_count !== null && Number.isNaN(model.auto_removal_keep_recent_count)) {
      this.form.controls.auto_removal_keep_recent_count.markAsTouched();
      this.error.set('Keep the newest videos: enter a whole number, 0 or more, or leave it empty');
      return;
    }
    const body = changedSettings(original, model);
    if (Object.keys(body).length === 0) {
      this.notice.set('Nothing changed.');
      return;
    }
    // The server decides: the hints above never block saving, its answer is shown here.
    this.saving.set(true);
    try {
      const r = await this.api.put<{ settings: ChannelSettings }>(this.url, body);
      this.ref.close(r.settings);
    } catch (err) {
      // 400 lists every rule broken (e.g. the reserved subfolder); 409 while downloads run.
      this.error.set(`Not saved: ${toApiError(err).message}`);
    } finally {
      this.saving.set(false);
    }
  }
}
