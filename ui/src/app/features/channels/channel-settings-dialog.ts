import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup, type ValidatorFn } from '@angular/forms';
import { MAT_DIALOG_DATA, MatDialogRef } from '@angular/material/dialog';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import {
  RESERVED_SUBFOLDER,
  ShowWhenDirty,
  TITLE_FILTER_MAX,
  hintValidator as hint,
  subfolderHint,
  titleFilterHint,
} from '../../shared/field-rules';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { MediaChoiceFields } from '../../shared/media-choice-fields';
import { RATINGS } from '../../shared/ratings';
import { SettingsDialogFrame, SettingsDialogState, type SettingsDialogParts } from '../../shared/settings-dialog';
import { toApiError } from '../../core/api';
import type {
  AudioFormat,
  ChannelSettings,
  ChannelSettingsUpdateResponse,
  FilterPreviewResponse,
  Resolution,
  TabType,
} from './api-types';
import { ChannelsApi } from './channels-api';
import { PendingAction } from '../../shared/pending-action';
import { TABS, formatClock, tabLabel } from '../../shared/channel-format';
import {
  ADDITIONAL_TAGS_MAX,
  CHANNEL_DURATION_MAX,
  KEEP_RECENT_MAX,
  SKIP_FOLDER_CHOICES,
  changedSettings,
  durationHint,
  durationRangeHint,
  hiddenTabsHint,
  parseDuration,
  parseKeepCount,
  parseTags,
  subfolderMoveNotice,
  tagsHint,
  toModel,
  type SettingsModel,
  type TriChoice,
} from './settings-form';

export interface ChannelSettingsDialogData {
  channelId: string;
  title: string;
}

const durationValidator: ValidatorFn = (c) => {
  const problem = durationHint(c.value as string | number | null);
  return problem ? { hint: problem } : null;
};
/** On the longest duration: it must be longer than the shortest (re-run when the shortest changes). */
const rangeValidator: ValidatorFn = (c) => {
  const problem = durationRangeHint(
    parseDuration(c.parent?.get('min_duration')?.value as string | number | null),
    parseDuration(c.value as string | number | null),
  );
  return problem ? { hint: problem } : null;
};

const keepCountValidator: ValidatorFn = (c) => {
  const n = parseKeepCount(c.value as string | number | null);
  if (n === null) return null;
  if (Number.isNaN(n)) return { hint: 'A whole number, 0 or more (empty = keep everything)' };
  return n > KEEP_RECENT_MAX ? { hint: `At most ${KEEP_RECENT_MAX}` } : null;
};

/**
 * Every setting of a channel (`GET|PUT /api/channels/{id}/settings`); closes with the server's
 * answer (the saved settings, and whether the channel's folder moved with a new subfolder).
 */
@Component({
  selector: 'app-channel-settings-dialog',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [DatePipe, FORM_CONTROLS, MatSlideToggleModule, MediaChoiceFields, SettingsDialogFrame],
  templateUrl: './channel-settings-dialog.html',
  styleUrls: ['../../shared/dialog-form.css', './channel-settings-dialog.css'],
})
export class ChannelSettingsDialog extends SettingsDialogState<ChannelSettings> {
  private readonly api = inject(ChannelsApi);
  readonly ratings = RATINGS;
  private readonly ref = inject<MatDialogRef<ChannelSettingsDialog, ChannelSettingsUpdateResponse>>(MatDialogRef);
  readonly data = inject<ChannelSettingsDialogData>(MAT_DIALOG_DATA);
  readonly matcher = new ShowWhenDirty();
  readonly parts: SettingsDialogParts = {
    formId: 'channel-settings-form',
    testId: 'settings',
    closeTestId: 'settings-cancel',
  };
  readonly skipChoices = SKIP_FOLDER_CHOICES;
  readonly reserved = RESERVED_SUBFOLDER;
  readonly titleMax = TITLE_FILTER_MAX;
  readonly tagsMax = ADDITIONAL_TAGS_MAX;
  readonly keepMax = KEEP_RECENT_MAX;
  readonly durationMax = CHANNEL_DURATION_MAX;
  readonly label = tabLabel;

  /** The filter preview's request. */
  readonly previewing = new PendingAction();
  readonly previewResult = signal<FilterPreviewResponse | null>(null);
  readonly hiddenTabs = signal<TabType[]>([]);
  readonly autoTabs = signal<TabType[]>([]);
  readonly tagList = signal<string[]>([]);
  /** What saving a changed subfolder does (the folder moves), or null. */
  readonly moveNotice = signal<string | null>(null);

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
    default_rating: new FormControl('', { nonNullable: true }),
    min_duration: new FormControl<string | number | null>(null, { validators: [durationValidator] }),
    max_duration: new FormControl<string | number | null>(null, { validators: [durationValidator, rangeValidator] }),
  });

  constructor() {
    super();
    this.form.controls.auto_removal_protected.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe((p) => this.syncProtected(p));
    this.form.controls.additional_tags.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe((t) => this.tagList.set(parseTags(t)));
    this.form.controls.min_duration.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe(() => this.form.controls.max_duration.updateValueAndValidity({ emitEvent: false }));
    this.form.controls.subfolder.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe((sub) => this.moveNotice.set(subfolderMoveNotice(this.original()?.subfolder ?? null, sub)));
    void this.load();
  }

  load(): Promise<void> {
    return this.loadSettings(
      async () => (await this.api.settings(this.data.channelId)).settings,
      (s) => this.apply(s),
    );
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
      default_rating: m.default_rating,
      min_duration: m.min_duration,
      max_duration: m.max_duration,
    });
    this.moveNotice.set(null);
    this.syncProtected(m.auto_removal_protected);
    this.hiddenTabs.set(m.hidden_tabs);
    this.autoTabs.set(m.auto_download_tabs);
    this.tagList.set(parseTags(m.additional_tags));
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
    const regex = this.form.controls.title_filter_regex.value.trim();
    const ok = await this.previewing.run(async () => {
      this.previewResult.set(await this.api.filterPreview(this.data.channelId, regex));
    });
    if (!ok) this.previewResult.set(null);
  }

  /** A duration field's value as a clock (`90` → `1:30`), for its hint. */
  clockOf(control: 'min_duration' | 'max_duration'): string {
    const n = parseDuration(this.form.controls[control].value);
    return n === null || Number.isNaN(n) ? '' : formatClock(n);
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
      min_duration: parseDuration(v.min_duration),
      max_duration: parseDuration(v.max_duration),
      hidden_tabs: this.hiddenTabs(),
      auto_download_tabs: this.autoTabs(),
      default_rating: v.default_rating,
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
    for (const key of ['min_duration', 'max_duration'] as const) {
      const n = model[key];
      if (n !== null && (Number.isNaN(n) || durationHint(n))) {
        this.form.controls[key].markAsTouched();
        this.error.set(`${key === 'min_duration' ? 'Shortest' : 'Longest'} duration: ${durationHint(n) ?? ''}`);
        return;
      }
    }
    const body = changedSettings(original, model);
    if (Object.keys(body).length === 0) {
      this.notice.set('Nothing changed.');
      return;
    }
    // The server decides: the hints above never block saving, its answer is shown here.
    this.saving.set(true);
    try {
      const r = await this.api.saveSettings(this.data.channelId, body);
      this.ref.close(r);
    } catch (err) {
      // 400 lists every rule broken (e.g. the reserved subfolder); 409 while a download of the
      // channel runs or the new place already holds files of the same names: nothing moved then.
      const e = toApiError(err);
      this.error.set(
        e.status === 409 && body.subfolder !== undefined
          ? `Not saved, nothing moved: ${e.message}`
          : `Not saved: ${e.message}`,
      );
    } finally {
      this.saving.set(false);
    }
  }
}
