import { DatePipe, DecimalPipe } from '@angular/common';
import {
  Component,
  computed,
  effect,
  ElementRef,
  inject,
  input,
  signal,
  untracked,
  viewChild,
  ChangeDetectionStrategy,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatFormFieldModule } from '@angular/material/form-field';
import { MatProgressBarModule } from '@angular/material/progress-bar';
import { MatSelectModule } from '@angular/material/select';
import { Router, RouterLink } from '@angular/router';
import { BusyButton } from '../../shared/busy-button';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { ConfirmButton } from '../../shared/confirm-button';
import { RATINGS, ratingSourceLabel, ratingText } from '../../shared/ratings';
import { ShieldIcon } from '../../shared/shield-icon';
import { WatchBadge } from '../../shared/watch-badge';
import type { JobSummary, Video, VideoLinksResponse, VideoMetadataResponse } from './api-types';
import { formatBytes, formatDuration, statusLabel } from '../../shared/format';
import { LibraryApi, videoFileUrl, videoThumbnailUrl } from './library-api';
import { resolutionLabel } from '../../shared/resolution';
import { deleteQuestion } from './delete-question';

type Link = VideoLinksResponse['links'][number];

/**
 * One downloaded video (`/library/:sourceId`): the player, what the stored info.json says
 * (description, tags, chapters, views at download time), its files with sizes and resolution, the
 * job that fetched it, its channel and playlists, and the actions (protect, rate, delete,
 * download again).
 */
@Component({
  selector: 'app-video-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    BusyButton,
    ConfirmButton,
    DatePipe,
    DecimalPipe,
    MatButtonModule,
    MatFormFieldModule,
    MatProgressBarModule,
    MatSelectModule,
    RouterLink,
    ShieldIcon,
    WatchBadge,
  ],
  templateUrl: './video-page.html',
  styleUrls: ['../../shared/badges.css', './video-page.css'],
})
export class VideoPage {
  private readonly api = inject(LibraryApi);
  private readonly auth = inject(Auth);
  private readonly router = inject(Router);
  private readonly player = viewChild<ElementRef<HTMLVideoElement>>('player');
  /** From the route `/library/:sourceId` (withComponentInputBinding). */
  readonly sourceId = input.required<string>();

  readonly loading = signal(true);
  readonly loadError = signal<string | null>(null);
  readonly video = signal<Video | null>(null);
  readonly meta = signal<VideoMetadataResponse | null>(null);
  readonly metaError = signal<string | null>(null);
  readonly links = signal<Link[]>([]);
  readonly job = signal<JobSummary | null>(null);
  readonly playerError = signal<string | null>(null);

  readonly ratings = RATINGS;
  readonly ratingChoice = signal<string>('');
  readonly busy = signal<'protect' | 'rate' | 'delete' | 'redownload' | null>(null);
  readonly message = signal<string | null>(null);
  readonly actionError = signal<string | null>(null);

  readonly channelLink = computed(() => this.links().find((l) => l.kind === 'channel') ?? null);
  readonly playlistLinks = computed(() => this.links().filter((l) => l.kind === 'playlist'));
  readonly playable = computed(() => {
    const v = this.video();
    // A file missing on disk cannot be played or saved: the page says so instead.
    return !!v && !v.removed && !v.missingAt && !!(v.filePath || v.audioFilePath);
  });

  formatBytes = formatBytes;
  duration = formatDuration;
  statusLabel = statusLabel;
  resolution = resolutionLabel;
  ratingText = ratingText;
  ratingSource = ratingSourceLabel;
  deleteQuestion = deleteQuestion;

  constructor() {
    effect(() => {
      const id = this.sourceId();
      untracked(() => void this.load(id));
    });
  }

  async load(sourceId: string): Promise<void> {
    this.loading.set(true);
    this.loadError.set(null);
    try {
      const video = await this.api.video(sourceId);
      this.video.set(video);
      this.ratingChoice.set(video.normalized_rating ?? (video.rating_source ? 'NR' : ''));
      const [meta, links, job] = await Promise.all([
        this.api.metadata(sourceId).catch((err: unknown) => {
          this.metaError.set(`The stored details could not be read: ${toApiError(err).message}`);
          return null;
        }),
        this.api.links(sourceId).catch(() => ({ links: [] as Link[] })),
        video.jobId ? this.api.job(video.jobId).catch(() => null) : Promise.resolve(null),
      ]);
      this.meta.set(meta);
      this.links.set(links.links);
      this.job.set(job);
    } catch (err) {
      const e = toApiError(err);
      this.loadError.set(e.status === 404 ? 'This video is not in the library.' : `Not loaded: ${e.message}`);
    } finally {
      this.loading.set(false);
    }
  }

  fileUrl(v: Video, download = false): string {
    return videoFileUrl(v.sourceId, this.auth.token(), download);
  }

  thumbUrl(v: Video): string {
    return videoThumbnailUrl(v.sourceId, this.auth.token());
  }

  /** Jumps the player to a chapter. */
  seek(seconds: number): void {
    const el = this.player()?.nativeElement;
    if (!el) return;
    el.currentTime = seconds;
    void el.play?.()?.catch(() => undefined);
  }

  private start(what: 'protect' | 'rate' | 'delete' | 'redownload'): boolean {
    if (this.busy()) return false;
    this.busy.set(what);
    this.message.set(null);
    this.actionError.set(null);
    return true;
  }

  async setProtected(on: boolean): Promise<void> {
    const v = this.video();
    if (!v || !this.start('protect')) return;
    try {
      const r = await this.api.setProtected(v.sourceId, on);
      this.video.set({ ...v, protected: r.protected });
      this.message.set(r.protected ? 'Protected: automatic removal keeps it.' : 'No longer protected.');
    } catch (err) {
      this.actionError.set(`${on ? 'Not protected' : 'Still protected'}: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  async rate(): Promise<void> {
    const v = this.video();
    const choice = this.ratingChoice();
    if (!v || !choice || !this.start('rate')) return;
    try {
      const r = await this.api.rate([v.sourceId], choice === 'NR' ? null : choice);
      if (r.failed.length) throw new Error(r.failed[0]!.error);
      this.video.set({
        ...v,
        normalized_rating: choice === 'NR' ? null : choice,
        rating_source: 'Manual Override',
      });
      const warning = r.warnings[0]?.warning;
      this.message.set(warning ? `Rating saved. ${warning}.` : 'Rating saved and written into the files.');
    } catch (err) {
      this.actionError.set(`Not rated: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  async remove(): Promise<void> {
    const v = this.video();
    if (!v || !this.start('delete')) return;
    try {
      const r = await this.api.removeVideo(v.sourceId);
      this.message.set(r.message);
      await this.load(v.sourceId);
    } catch (err) {
      this.actionError.set(`Not deleted: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  /** Queues the video again (a missing or deleted file comes back; settings as they are now). */
  async redownload(): Promise<void> {
    const v = this.video();
    if (!v || !this.start('redownload')) return;
    try {
      const r = await this.api.redownload(v.sourceUrl);
      this.message.set(r.queued ? 'Queued for download again: follow it on the Downloads page.' : r.message);
    } catch (err) {
      this.actionError.set(`Not queued: ${toApiError(err).message}`);
    } finally {
      this.busy.set(null);
    }
  }

  back(): void {
    void this.router.navigate(['/library']);
  }
}
