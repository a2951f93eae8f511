import { DatePipe } from '@angular/common';
import {
  Component,
  DestroyRef,
  effect,
  inject,
  input,
  signal,
  untracked,
  ChangeDetectionStrategy,
} from '@angular/core';
import { toApiError } from '../../core/api';
import { DownloadsApi } from './downloads-api';
import type { CheckVideoUrlResponse } from './api-types';
import { formatDuration } from '../../shared/format';
import { resolutionTier } from '../../shared/resolution';

/** URLs checked per paste: `/api/checkSourceVideoURL` allows 30 a minute per client. */
export const PREVIEW_MAX = 10;
/** How long typing must pause before the URLs are checked. */
export const PREVIEW_DELAY_MS = 600;

export type Preview =
  { state: 'checking' } | { state: 'done'; result: CheckVideoUrlResponse } | { state: 'failed'; error: string };

/**
 * What each pasted URL is, before it is queued: title, channel, length and thumbnail, or why it
 * cannot be downloaded (not a video URL, cookies required, private), and whether the library
 * already has it (with its resolution and date). One `POST /api/checkSourceVideoURL` per URL,
 * remembered for the life of the form; the first ten URLs of a paste are checked.
 */
@Component({
  selector: 'app-url-previews',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [DatePipe],
  template: `
    @if (urls().length) {
      <ul class="previews video-rows" aria-label="What the pasted URLs are" data-testid="url-previews">
        @for (url of shown(); track url) {
          @let p = previews()[url];
          <li class="preview video-row" data-testid="url-preview" [attr.data-url]="url">
            @if (!p || p.state === 'checking') {
              <span class="muted small" data-testid="url-preview-checking">Checking {{ url }}…</span>
            } @else if (p.state === 'failed') {
              <span class="error small" role="alert">{{ url }}: {{ p.error }}</span>
            } @else if (!p.result.isValidUrl) {
              <span class="error small" data-testid="url-preview-invalid" [attr.data-code]="p.result.errorCode">
                {{ url }}: {{ p.result.error }}
              </span>
            } @else {
              @let r = p.result;
              @let m = r.metadata!;
              @if (m.thumbnailUrl) {
                <img [src]="m.thumbnailUrl" alt="" loading="lazy" referrerpolicy="no-referrer" />
              }
              <div class="text">
                <strong data-testid="url-preview-title">{{ m.videoTitle }}</strong>
                <span class="muted small">
                  {{ m.channelName }}
                  @if (m.duration) {
                    · {{ duration(m.duration) }}
                  }
                </span>
                @if (r.isMembersOnly) {
                  <span class="warn small">Members only: it needs cookies of a member account</span>
                }
                @if (r.activity) {
                  <span class="badge busy small" data-testid="url-preview-active">
                    {{ r.activity === 'downloading' ? 'Downloading now' : 'Already queued' }}
                  </span>
                }
                @if (r.downloaded; as d) {
                  <span class="small" data-testid="url-preview-downloaded">
                    @if (d.removed) {
                      Downloaded {{ d.downloadedAt | date: 'mediumDate' }}, deleted since: queueing downloads it again.
                    } @else if (d.missing) {
                      Downloaded {{ d.downloadedAt | date: 'mediumDate' }}, but the file is missing on disk.
                    } @else {
                      Already downloaded{{ tier(d.videoResolution) ? ' at ' + tier(d.videoResolution) : '' }} on
                      {{ d.downloadedAt | date: 'mediumDate' }}: queueing skips it and offers to download it again.
                    }
                  </span>
                }
              </div>
            }
          </li>
        }
        @if (urls().length > shown().length) {
          <li class="muted small">
            {{ urls().length - shown().length }} more URL{{ urls().length - shown().length === 1 ? '' : 's' }} are
            checked when queued.
          </li>
        }
      </ul>
    }
  `,
  styles: `
    .previews {
      margin: 8px 0;
      gap: 6px;
      --thumb-width: 96px;
    }
    .error {
      color: var(--mat-sys-error);
      overflow-wrap: anywhere;
    }
  `,
  styleUrls: ['../../shared/badges.css', './video-rows.css'],
})
export class UrlPreviews {
  private readonly api = inject(DownloadsApi);
  /** The URLs as pasted (parsed, without duplicates). */
  readonly urls = input.required<string[]>();
  readonly shown = signal<string[]>([]);
  readonly previews = signal<Record<string, Preview>>({});
  private timer: ReturnType<typeof setTimeout> | null = null;

  duration = formatDuration;
  tier = resolutionTier;

  constructor() {
    effect(() => {
      const urls = this.urls().slice(0, PREVIEW_MAX);
      untracked(() => this.schedule(urls));
    });
    inject(DestroyRef).onDestroy(() => this.timer && clearTimeout(this.timer));
  }

  private schedule(urls: string[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.shown.set(urls);
      for (const url of urls)
        if (!this.previews()[url] || this.previews()[url]!.state === 'failed') void this.check(url);
    }, PREVIEW_DELAY_MS);
  }

  private async check(url: string): Promise<void> {
    this.set(url, { state: 'checking' });
    try {
      const result = await this.api.checkUrl(url);
      this.set(url, { state: 'done', result });
    } catch (err) {
      this.set(url, { state: 'failed', error: toApiError(err).message });
    }
  }

  private set(url: string, p: Preview): void {
    this.previews.update((all) => ({ ...all, [url]: p }));
  }
}
