import { ChangeDetectionStrategy, Component, computed, inject, output, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatAutocompleteModule } from '@angular/material/autocomplete';
import { MatCardModule } from '@angular/material/card';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { RouterLink } from '@angular/router';
import { ApiError, toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import { AUDIO_CHOICES } from '../../core/media-choices';
import { BusyButton } from '../../shared/busy-button';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { RATINGS } from '../../shared/ratings';
import type { AudioFormat, DownloadResponse, Resolution } from './api-types';
import {
  alreadyText,
  buildDownloadRequest,
  followPage,
  countUrls,
  DOWNLOAD_BATCH_MAX,
  isResolution,
  parseUrls,
  RESOLUTION_CHOICES,
  tierOf,
  type DownloadOptions,
} from './download-request';
import { UrlPreviews } from './url-previews';

/** A choice field of the form. */
interface SelectField {
  control: 'resolution' | 'audioFormat' | 'rating';
  label: string;
  testId: string;
  choices: readonly { value: string; label: string }[];
  hint?: string;
}

/** Queue videos by URL: one or several, with resolution, audio, subfolder and folder options. */
@Component({
  selector: 'app-download-form',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    FORM_CONTROLS,
    MatCardModule,
    MatAutocompleteModule,
    MatProgressSpinnerModule,
    RouterLink,
    BusyButton,
    UrlPreviews,
  ],
  templateUrl: './download-form.html',
  styleUrl: './download-form.css',
})
export class DownloadForm {
  private readonly api = inject(DownloadsApi);
  readonly batchMax = DOWNLOAD_BATCH_MAX;
  /** The choice fields, in their order. */
  readonly selects: readonly SelectField[] = [
    {
      control: 'resolution',
      label: 'Resolution',
      testId: 'download-resolution',
      choices: RESOLUTION_CHOICES,
      hint: 'Highest quality to fetch',
    },
    { control: 'audioFormat', label: 'Audio', testId: 'download-audio', choices: AUDIO_CHOICES },
    {
      control: 'rating',
      label: 'Content rating',
      testId: 'download-rating',
      choices: [
        { value: '', label: 'Channel or playlist default' },
        { value: 'NR', label: 'Not rated (NR)' },
        ...RATINGS.map((r) => ({ value: r, label: r })),
      ],
    },
  ];
  /** A job was created: its id, for the queue to show it at once. */
  readonly queued = output<string>();
  /** The server refused with 409 (downloads are paused): the storage state changed. */
  readonly refused = output();

  readonly form = new FormGroup({
    urls: new FormControl('', { nonNullable: true }),
    resolution: new FormControl<Resolution>('1080', { nonNullable: true }),
    audioFormat: new FormControl<AudioFormat | ''>('', { nonNullable: true }),
    subfolder: new FormControl('', { nonNullable: true }),
    skipVideoFolder: new FormControl(false, { nonNullable: true }),
    rating: new FormControl('', { nonNullable: true }),
  });
  private readonly urlsText = toSignal(this.form.controls.urls.valueChanges, { initialValue: '' });
  private readonly subfolderText = toSignal(this.form.controls.subfolder.valueChanges, { initialValue: '' });
  private readonly counted = computed(() => countUrls(this.urlsText()));
  readonly urlCount = computed(() => this.counted().urls);
  /** "3 URLs", "2 URLs · 1 line is not a URL": only what looks like a URL counts as one. */
  readonly countText = computed(() => {
    const { urls, other } = this.counted();
    const head = `${urls} URL${urls === 1 ? '' : 's'}`;
    return other ? `${head} · ${other} line${other === 1 ? ' is' : 's are'} not a URL` : head;
  });
  readonly alreadyText = alreadyText;
  readonly followPage = followPage;
  /** The request the last answer belongs to (its options are reused by "Download again"). */
  private readonly lastOptions = signal<DownloadOptions | null>(null);
  /** The highest library resolution among the skipped videos, when above the chosen one. */
  readonly lowerThanLibrary = computed(() => {
    const chosen = this.chosenTier();
    const best = Math.max(0, ...(this.result()?.alreadyDownloaded ?? []).map((a) => tierOf(a.video_resolution) ?? 0));
    return chosen !== null && best > chosen ? best : null;
  });
  readonly chosenTier = computed(() => {
    const resolution = this.lastOptions()?.resolution;
    return this.result() && resolution ? Number(resolution) : null;
  });
  readonly urls = computed(() => parseUrls(this.urlsText()));

  readonly subfolders = signal<string[]>([]);
  readonly subfolderOptions = computed(() => {
    const typed = this.subfolderText().trim().toLowerCase();
    return this.subfolders().filter((s) => s.toLowerCase().includes(typed) && s.toLowerCase() !== typed);
  });
  /** Non-blocking problems while loading the form's defaults and suggestions. */
  readonly hint = signal<string | null>(null);

  readonly busy = signal(false);
  readonly result = signal<DownloadResponse | null>(null);
  readonly submitError = signal<ApiError | null>(null);

  constructor() {
    void this.loadDefaults();
  }

  private async loadDefaults(): Promise<void> {
    const problems: string[] = [];
    const [config, folders] = await Promise.all([
      this.api.config().catch((err: unknown) => {
        problems.push(`The preferred resolution could not be read (${toApiError(err).message}).`);
        return null;
      }),
      this.api.channelSubfolders().catch((err: unknown) => {
        problems.push(`Subfolder suggestions are unavailable (${toApiError(err).message}).`);
        return [] as string[];
      }),
    ]);
    const preferred = config && 'preferredResolution' in config ? config.preferredResolution : undefined;
    if (isResolution(preferred) && this.form.controls.resolution.pristine)
      this.form.controls.resolution.setValue(preferred);
    this.subfolders.set([...new Set(folders)].sort((a, b) => a.localeCompare(b)));
    this.hint.set(problems.length ? problems.join(' ') : null);
  }

  /** Adds a URL (a search result) to the list, once. */
  addUrl(url: string): void {
    const text = this.form.controls.urls.value;
    if (parseUrls(text).includes(url)) return;
    this.form.controls.urls.setValue(text.trim() ? `${text.trimEnd()}\n${url}` : url);
  }

  async submit(): Promise<void> {
    const v = this.form.getRawValue();
    await this.send(v.urls, {
      resolution: v.resolution,
      subfolder: v.subfolder,
      skipVideoFolder: v.skipVideoFolder,
      audioFormat: v.audioFormat || null,
      rating: v.rating || null,
    });
  }

  /** Sends the skipped videos of the last answer again, allowed to download what is in the library. */
  async downloadAgain(allowLowerResolution: boolean): Promise<void> {
    const r = this.result();
    const last = this.lastOptions();
    if (!r || !last) return;
    const urls = r.alreadyDownloaded.map((a) => `https://www.youtube.com/watch?v=${a.sourceId}`).join('\n');
    await this.send(urls, { ...last, allowRedownload: true, allowLowerResolution }, false);
  }

  private async send(text: string, options: DownloadOptions, fromBox = true): Promise<void> {
    if (this.busy()) return;
    const built = buildDownloadRequest(text, options);
    this.result.set(null);
    this.submitError.set(null);
    if (!built.ok) {
      this.submitError.set(new ApiError(400, built.error));
      return;
    }
    this.busy.set(true);
    try {
      const r = await this.api.download(built.body);
      this.lastOptions.set(options);
      this.result.set(r);
      // What was queued leaves the box; lines the server refused stay there to be fixed.
      if (fromBox) this.form.controls.urls.setValue(r.rejected.map((l) => l.input).join('\n'));
      if (r.jobId) this.queued.emit(r.jobId);
    } catch (err) {
      const e = toApiError(err);
      this.submitError.set(e);
      if (e.status === 409) this.refused.emit();
    } finally {
      this.busy.set(false);
    }
  }
}
