import { Component, computed, inject, output, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatAutocompleteModule } from '@angular/material/autocomplete';
import { MatCardModule } from '@angular/material/card';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { Api, ApiError, toApiError } from '../../core/api';
import { AUDIO_CHOICES } from '../../core/media-choices';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { RATINGS } from '../../shared/ratings';
import type { AudioFormat, DownloadResponse, Resolution } from './api-types';
import {
  buildDownloadRequest,
  DOWNLOAD_BATCH_MAX,
  isResolution,
  parseUrls,
  RESOLUTION_CHOICES,
} from './download-request';
import { UrlPreviews } from './url-previews';

/** Queue videos by URL: one or several, with resolution, audio, subfolder and folder options. */
@Component({
  selector: 'app-download-form',
  imports: [FORM_CONTROLS, MatCardModule, MatAutocompleteModule, MatProgressSpinnerModule, UrlPreviews],
  template: `
    <mat-card appearance="outlined" class="card">
      <mat-card-content>
        <form [formGroup]="form" (ngSubmit)="submit()" novalidate aria-label="Queue videos for download">
          <mat-form-field appearance="outline" subscriptSizing="dynamic" class="full">
            <mat-label>Video URLs</mat-label>
            <textarea
              matInput
              formControlName="urls"
              rows="4"
              placeholder="https://www.youtube.com/watch?v=…"
              autocomplete="off"
              spellcheck="false"
              (keydown.control.enter)="submit()"
              (keydown.meta.enter)="submit()"
              data-testid="download-urls"
            ></textarea>
            <mat-hint>One URL per line, up to {{ batchMax }} (Ctrl+Enter queues them)</mat-hint>
            <mat-hint align="end" class="nowrap" data-testid="download-count"
              >{{ urlCount() }} URL{{ urlCount() === 1 ? '' : 's' }}</mat-hint
            >
          </mat-form-field>
          <app-url-previews [urls]="urls()" />

          <div class="options">
            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>Resolution</mat-label>
              <mat-select formControlName="resolution" data-testid="download-resolution">
                @for (r of resolutions; track r.value) {
                  <mat-option [value]="r.value">{{ r.label }}</mat-option>
                }
              </mat-select>
              <mat-hint>Highest quality to fetch</mat-hint>
            </mat-form-field>

            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>Audio</mat-label>
              <mat-select formControlName="audioFormat" data-testid="download-audio">
                @for (a of audioChoices; track a.value) {
                  <mat-option [value]="a.value">{{ a.label }}</mat-option>
                }
              </mat-select>
            </mat-form-field>

            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>Content rating</mat-label>
              <mat-select formControlName="rating" data-testid="download-rating">
                <mat-option value="">Channel or playlist default</mat-option>
                <mat-option value="NR">Not rated (NR)</mat-option>
                @for (r of ratings; track r) {
                  <mat-option [value]="r">{{ r }}</mat-option>
                }
              </mat-select>
            </mat-form-field>

            <mat-form-field appearance="outline" subscriptSizing="dynamic">
              <mat-label>Subfolder</mat-label>
              <input
                matInput
                formControlName="subfolder"
                [matAutocomplete]="folders"
                maxlength="100"
                autocomplete="off"
                data-testid="download-subfolder"
              />
              <mat-autocomplete #folders="matAutocomplete">
                @for (s of subfolderOptions(); track s) {
                  <mat-option [value]="s">{{ s }}</mat-option>
                }
              </mat-autocomplete>
              <mat-hint>Empty: the default folder</mat-hint>
            </mat-form-field>
          </div>

          <mat-checkbox formControlName="skipVideoFolder" data-testid="download-skip-folder">
            Put the files directly in the channel folder (no folder per video)
          </mat-checkbox>
          @if (hint()) {
            <p class="muted small" data-testid="download-hint">{{ hint() }}</p>
          }

          <div class="row actions">
            <button mat-flat-button type="submit" [disabled]="busy()" data-testid="download-submit">
              @if (busy()) {
                <mat-spinner diameter="18" aria-hidden="true" class="spinner" />
                Queuing…
              } @else {
                Download
              }
            </button>
            @if (busy()) {
              <span class="muted small" role="status"
                >Looking up the video{{ urlCount() === 1 ? '' : 's' }}; this can take a few seconds.</span
              >
            }
          </div>

          @if (result(); as r) {
            <div class="message ok" role="alert" data-testid="download-message" data-kind="success">
              <strong>{{ r.message }}</strong>
              <div>{{ r.queued }} video{{ r.queued === 1 ? '' : 's' }} queued.</div>
              @if (r.alreadyActiveIds.length) {
                <div>
                  Already queued or downloading (not queued again):
                  <code data-testid="download-already-active">{{ r.alreadyActiveIds.join(', ') }}</code>
                </div>
              }
            </div>
          }
          @if (submitError(); as e) {
            <div class="message error" role="alert" data-testid="download-message" data-kind="error">
              <strong>{{ e.message }}</strong>
              @if (e.details.length) {
                <ul>
                  @for (d of e.details; track $index) {
                    <li>{{ d.path ? d.path + ': ' : '' }}{{ d.message }}</li>
                  }
                </ul>
              }
            </div>
          }
        </form>
      </mat-card-content>
    </mat-card>
  `,
  styleUrl: './download-form.css',
})
export class DownloadForm {
  private readonly api = inject(Api);
  readonly resolutions = RESOLUTION_CHOICES;
  readonly audioChoices = AUDIO_CHOICES;
  readonly batchMax = DOWNLOAD_BATCH_MAX;
  readonly ratings = RATINGS;
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
  readonly urls = computed(() => parseUrls(this.urlsText()));
  readonly urlCount = computed(() => this.urls().length);

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
      this.api.get<{ preferredResolution?: unknown }>('/getconfig').catch((err: unknown) => {
        problems.push(`The preferred resolution could not be read (${toApiError(err).message}).`);
        return null;
      }),
      this.api.get<string[]>('/api/channels/subfolders').catch((err: unknown) => {
        problems.push(`Subfolder suggestions are unavailable (${toApiError(err).message}).`);
        return [] as string[];
      }),
    ]);
    const preferred = config?.preferredResolution;
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
    if (this.busy()) return;
    const v = this.form.getRawValue();
    const built = buildDownloadRequest(v.urls, {
      resolution: v.resolution,
      subfolder: v.subfolder,
      skipVideoFolder: v.skipVideoFolder,
      audioFormat: v.audioFormat || null,
      rating: v.rating || null,
    });
    this.result.set(null);
    this.submitError.set(null);
    if (!built.ok) {
      this.submitError.set(new ApiError(400, built.error));
      return;
    }
    this.busy.set(true);
    try {
      const r = await this.api.post<DownloadResponse>('/api/videos/download', built.body);
      this.result.set(r);
      this.form.controls.urls.setValue('');
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
