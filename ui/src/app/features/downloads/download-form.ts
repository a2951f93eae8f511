import { Component, computed, inject, output, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatAutocompleteModule } from '@angular/material/autocomplete';
import { MatCardModule } from '@angular/material/card';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { RouterLink } from '@angular/router';
import { ApiError, toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import { AUDIO_CHOICES } from '../../core/media-choices';
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

/** Queue videos by URL: one or several, with resolution, audio, subfolder and folder options. */
@Component({
  selector: 'app-download-form',
  imports: [FORM_CONTROLS, MatCardModule, MatAutocompleteModule, MatProgressSpinnerModule, RouterLink, UrlPreviews],
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
            <mat-hint align="end" class="nowrap" data-testid="download-count">{{ countText() }}</mat-hint>
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
            <div
              class="message"
              [class.ok]="r.queued > 0 || !r.rejected.length"
              role="alert"
              data-testid="download-message"
              [attr.data-kind]="r.queued > 0 ? 'success' : 'notice'"
            >
              <strong>{{ r.message }}</strong>
              <div>{{ r.queued }} video{{ r.queued === 1 ? '' : 's' }} queued.</div>
              @if (r.alreadyActiveIds.length) {
                <div>
                  Already queued or downloading (not queued again):
                  <code data-testid="download-already-active">{{ r.alreadyActiveIds.join(', ') }}</code>
                </div>
              }
              @if (r.rejected.length) {
                <div data-testid="download-rejected">
                  Not queued (left in the box to fix):
                  <ul>
                    @for (line of r.rejected; track line.line) {
                      <li>
                        line {{ line.line }} <code>{{ line.input }}</code>: {{ line.reason }}
                        @if (line.reason.startsWith('a playlist URL')) {
                          (<a routerLink="/playlists">open Playlists</a>)
                        } @else if (line.reason.startsWith('a channel URL')) {
                          (<a routerLink="/channels">open Channels</a>)
                        }
                      </li>
                    }
                  </ul>
                </div>
              }
              @if (r.alreadyDownloaded.length) {
                <div data-testid="download-already-downloaded">
                  <ul>
                    @for (a of r.alreadyDownloaded; track a.sourceId) {
                      <li>“{{ a.title }}” is {{ alreadyText(a) }}: skipped.</li>
                    }
                  </ul>
                  <div class="row">
                    <button
                      mat-stroked-button
                      type="button"
                      (click)="downloadAgain(false)"
                      [disabled]="busy()"
                      data-testid="download-again"
                    >
                      Download again
                    </button>
                    @if (lowerThanLibrary(); as lower) {
                      <button
                        mat-stroked-button
                        type="button"
                        (click)="downloadAgain(true)"
                        [disabled]="busy()"
                        data-testid="download-again-lower"
                      >
                        Download again and replace the {{ lower }}p file with {{ chosenTier() }}p
                      </button>
                    }
                  </div>
                  <p class="muted small">
                    A new download never replaces a file of a higher resolution unless you choose the second button.
                  </p>
                </div>
              }
            </div>
          }
          @if (submitError(); as e) {
            <div class="message error" role="alert" data-testid="download-message" data-kind="error">
              <strong>{{ e.message }}</strong>
              @if (followPage(e.message); as page) {
                <div>
                  <a [routerLink]="page.path" data-testid="download-follow-link">Open {{ page.label }}</a>
                </div>
              }
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
  private readonly api = inject(DownloadsApi);
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
  private lastOptions: DownloadOptions | null = null;
  /** The highest library resolution among the skipped videos, when above the chosen one. */
  readonly lowerThanLibrary = computed(() => {
    const chosen = this.chosenTier();
    const best = Math.max(0, ...(this.result()?.alreadyDownloaded ?? []).map((a) => tierOf(a.video_resolution) ?? 0));
    return chosen !== null && best > chosen ? best : null;
  });
  readonly chosenTier = computed(() => {
    const r = this.result();
    return r && this.lastOptions?.resolution ? Number(this.lastOptions.resolution) : null;
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
    if (!r || !this.lastOptions) return;
    const urls = r.alreadyDownloaded.map((a) => `https://www.youtube.com/watch?v=${a.sourceId}`).join('\n');
    await this.send(urls, { ...this.lastOptions, allowRedownload: true, allowLowerResolution }, false);
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
      this.lastOptions = options;
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
