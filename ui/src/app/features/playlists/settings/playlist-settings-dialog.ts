import { ChangeDetectionStrategy, Component, inject, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MAT_DIALOG_DATA, MatDialogRef } from '@angular/material/dialog';
import { toApiError } from '../../../core/api';
import { mapErrorDetails } from '../../../shared/error-paths';
import {
  RESERVED_SUBFOLDER,
  ShowWhenDirty,
  TITLE_FILTER_MAX,
  hintValidator,
  subfolderHint,
  titleFilterHint,
} from '../../../shared/field-rules';
import { FORM_CONTROLS } from '../../../shared/form-controls';
import { MediaChoiceFields } from '../../../shared/media-choice-fields';
import { SettingsDialogFrame, SettingsDialogState, type SettingsDialogParts } from '../../../shared/settings-dialog';
import type { AudioFormat, Playlist, PlaylistDetail, PlaylistSettings, Resolution } from '../api-types';
import { PlaylistsApi } from '../playlists-api';
import { FollowingSection } from './following-section';
import {
  CONTENT_RATINGS,
  SORT_ORDER_CHOICES,
  changedPlaylistSettings,
  durationClock,
  durationHint,
  notShorterThan,
  toSettingsModel,
  type PlaylistSettingsModel,
} from './settings-model';

export interface PlaylistSettingsDialogData {
  detail: PlaylistDetail;
  /** A following switch changed the playlist (applied at once): the page shows it at once too. */
  followingChanged?: (playlist: Playlist) => void;
}

type Duration = string | number | null;

/**
 * A playlist's settings: how it is followed (applied at once, `FollowingSection`) and its eight
 * download settings (`GET|PUT …/settings`), checked here by the server's rules and, when the
 * server refuses, with its message next to the field. Closes with true after a save.
 */
@Component({
  selector: 'app-playlist-settings-dialog',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [FORM_CONTROLS, MediaChoiceFields, FollowingSection, SettingsDialogFrame],
  templateUrl: './playlist-settings-dialog.html',
  styleUrls: ['../../../shared/dialog-form.css', './playlist-settings-dialog.css'],
})
export class PlaylistSettingsDialog extends SettingsDialogState<PlaylistSettings> {
  private readonly api = inject(PlaylistsApi);
  private readonly ref = inject<MatDialogRef<PlaylistSettingsDialog, boolean>>(MatDialogRef);
  readonly data = inject<PlaylistSettingsDialogData>(MAT_DIALOG_DATA);
  readonly matcher = new ShowWhenDirty();
  readonly parts: SettingsDialogParts = {
    formId: 'playlist-settings-form',
    testId: 'psettings',
    closeText: 'Close',
    closeTestId: 'psettings-close',
  };
  readonly ratings = CONTENT_RATINGS;
  readonly sortChoices = SORT_ORDER_CHOICES;
  /** The two length bounds, alike but for their key and words. */
  readonly lengths = [
    { control: 'min_duration', label: 'Shortest length (seconds)', testId: 'psettings-min' },
    { control: 'max_duration', label: 'Longest length (seconds)', testId: 'psettings-max' },
  ] as const;
  readonly reserved = RESERVED_SUBFOLDER;
  readonly titleMax = TITLE_FILTER_MAX;
  readonly clock = durationClock;

  readonly otherErrors = signal<string[]>([]);

  readonly form = new FormGroup({
    default_sub_folder: new FormControl('', { nonNullable: true, validators: [hintValidator(subfolderHint)] }),
    video_quality: new FormControl<Resolution | ''>('', { nonNullable: true }),
    audio_format: new FormControl<AudioFormat | ''>('', { nonNullable: true }),
    default_rating: new FormControl('', { nonNullable: true }),
    min_duration: new FormControl<Duration>(null, { validators: [hintValidator(durationHint)] }),
    max_duration: new FormControl<Duration>(null, {
      validators: [hintValidator(durationHint), notShorterThan('min_duration')],
    }),
    title_filter_regex: new FormControl('', { nonNullable: true, validators: [hintValidator(titleFilterHint)] }),
    sort_order: new FormControl<PlaylistSettingsModel['sort_order']>('default', { nonNullable: true }),
  });

  constructor() {
    super();
    const max = this.form.controls.max_duration;
    this.form.controls.min_duration.valueChanges
      .pipe(takeUntilDestroyed())
      .subscribe(() => max.updateValueAndValidity({ emitEvent: false }));
    void this.load();
  }

  /** The problem of a field to show: the rule it breaks here, else the server's objection. */
  fieldError(name: keyof typeof this.form.controls): string | null {
    const errors = this.form.controls[name].errors;
    return (errors?.['hint'] as string | undefined) ?? (errors?.['server'] as string | undefined) ?? null;
  }

  load(): Promise<void> {
    return this.loadSettings(
      () => this.api.settings(this.id),
      (settings) => this.form.reset(toSettingsModel(settings)),
    );
  }

  async save(): Promise<void> {
    const original = this.original();
    if (!original || this.saving()) return;
    this.error.set(null);
    this.otherErrors.set([]);
    this.notice.set(null);
    this.form.markAllAsTouched();
    if (this.form.invalid) {
      this.error.set('Not saved: some values are not valid, see the marked fields.');
      return;
    }
    const body = changedPlaylistSettings(original, this.form.getRawValue());
    if (Object.keys(body).length === 0) {
      this.notice.set('Nothing changed.');
      return;
    }
    this.saving.set(true);
    try {
      await this.api.saveSettings(this.id, body);
      this.ref.close(true);
    } catch (err) {
      const e = toApiError(err);
      const mapped = mapErrorDetails(e.details, Object.keys(this.form.controls));
      for (const [key, messages] of Object.entries(mapped.byField)) {
        const control = this.form.get(key);
        control?.setErrors({ ...(control.errors ?? {}), server: messages.join('; ') });
      }
      this.otherErrors.set(mapped.other);
      this.error.set(
        Object.keys(mapped.byField).length ? 'Not saved: see the marked fields.' : `Not saved: ${e.message}`,
      );
    } finally {
      this.saving.set(false);
    }
  }

  onFollowingChanged(playlist: Playlist): void {
    this.data.followingChanged?.(playlist);
  }

  private get id(): string {
    return this.data.detail.playlist.playlist_id;
  }
}
