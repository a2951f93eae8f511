import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { MAT_DIALOG_DATA, MatDialogRef } from '@angular/material/dialog';
import { MatSlideToggleModule } from '@angular/material/slide-toggle';
import { BusyButton } from '../../shared/busy-button';
import { RESERVED_SUBFOLDER, ShowWhenDirty, TITLE_FILTER_MAX } from '../../shared/field-rules';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { MediaChoiceFields } from '../../shared/media-choice-fields';
import { RATINGS } from '../../shared/ratings';
import { SettingsDialogFrame, SettingsDialogState, type SettingsDialogParts } from '../../shared/settings-dialog';
import { toApiError } from '../../core/api';
import type { ChannelSettings, ChannelSettingsUpdateResponse, FilterPreviewResponse, TabType } from './api-types';
import { channelSettingsForm, formValues, modelOf } from './channel-settings-rules';
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
  hiddenTabsHint,
  parseDuration,
  parseTags,
  subfolderMoveNotice,
  toModel,
  type SettingsModel,
} from './settings-form';

export interface ChannelSettingsDialogData {
  channelId: string;
  title: string;
}

/**
 * Every setting of a channel (`GET|PUT /api/channels/{id}/settings`); closes with the server's
 * answer (the saved settings, and whether the channel's folder moved with a new subfolder).
 */
@Component({
  selector: 'app-channel-settings-dialog',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, DatePipe, FORM_CONTROLS, MatSlideToggleModule, MediaChoiceFields, SettingsDialogFrame],
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
  /** The two length bounds, alike but for their key and words. */
  readonly durations = [
    { key: 'min_duration', label: 'Shortest (seconds)', testId: 'settings-min-duration' },
    { key: 'max_duration', label: 'Longest (seconds)', testId: 'settings-max-duration' },
  ] as const;
  readonly label = tabLabel;

  /** The filter preview's request. */
  readonly previewing = new PendingAction();
  readonly previewResult = signal<FilterPreviewResponse | null>(null);
  readonly hiddenTabs = signal<TabType[]>([]);
  readonly autoTabs = signal<TabType[]>([]);
  readonly tagList = signal<string[]>([]);
  /** What saving a changed subfolder does (the folder moves), or null. */
  readonly moveNotice = signal<string | null>(null);

  readonly form = channelSettingsForm();

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
    this.form.reset(formValues(m));
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
    return modelOf(this.form.getRawValue(), { hidden_tabs: this.hiddenTabs(), auto_download_tabs: this.autoTabs() });
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
