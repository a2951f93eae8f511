import { ChangeDetectionStrategy, Component, inject, output, signal } from '@angular/core';
import { takeUntilDestroyed } from '@angular/core/rxjs-interop';
import { FormControl, FormGroup } from '@angular/forms';
import { MatProgressSpinnerModule } from '@angular/material/progress-spinner';
import { RouterLink } from '@angular/router';
import type { LiveMessage } from '@vidkeep/contracts';
import { Live } from '../../core/live';
import { BusyButton } from '../../shared/busy-button';
import { FORM_CONTROLS } from '../../shared/form-controls';
import { PendingAction } from '../../shared/pending-action';
import { fetchProgressText, formatNumber, plural } from '../../shared/channel-format';
import type { PlaylistPreview, SubscribePlaylistRequest } from './api-types';
import { PlaylistsApi } from './playlists-api';

/** What the last follow did, for the notice under the form. */
interface Followed {
  playlistId: string;
  title: string;
  text: string;
  warning: string | null;
}

/**
 * Following a playlist: look it up by URL (a preview of what the platform says), then follow it,
 * optionally with automatic downloads. Following lists the whole playlist before the server
 * answers, so the progress of that listing shows meanwhile.
 */
@Component({
  selector: 'app-follow-panel',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [FORM_CONTROLS, RouterLink, MatProgressSpinnerModule, BusyButton],
  templateUrl: './follow-panel.html',
  styleUrls: ['../../shared/lookup-panel.css', './follow-panel.css'],
})
export class FollowPanel {
  private readonly api = inject(PlaylistsApi);
  /** A playlist was followed (its id): the list should reload. */
  readonly followed = output<string>();
  readonly count = formatNumber;

  readonly form = new FormGroup({ url: new FormControl('', { nonNullable: true }) });
  readonly autoDownload = new FormControl(false, { nonNullable: true });
  readonly lookup = new PendingAction();
  readonly follow = new PendingAction('Not followed: ');
  readonly preview = signal<PlaylistPreview | null>(null);
  readonly brokenThumb = signal(false);
  readonly progress = signal<LiveMessage<'playlistFetchProgress'> | null>(null);
  readonly done = signal<Followed | null>(null);

  constructor() {
    inject(Live)
      .on('playlistFetchProgress')
      .pipe(takeUntilDestroyed())
      .subscribe((m) => {
        if (this.follow.busy() && m.playlistId === this.preview()?.playlist_id) this.progress.set(m);
      });
  }

  progressText(): string {
    const p = this.progress();
    return p ? fetchProgressText(p.stage, p.itemsFetched, 'the playlist') : 'Reading the playlist from the platform…';
  }

  async lookUp(): Promise<void> {
    const url = this.form.getRawValue().url.trim();
    this.done.set(null);
    this.follow.error.set(null);
    this.preview.set(null);
    if (!url) {
      this.lookup.error.set('Enter a playlist URL or a playlist id');
      return;
    }
    await this.lookup.run(async () => {
      const p = await this.api.lookUp(url);
      this.brokenThumb.set(false);
      this.autoDownload.setValue(false);
      this.preview.set(p);
    });
  }

  async confirm(p: PlaylistPreview): Promise<void> {
    this.progress.set(null);
    const body: SubscribePlaylistRequest = { url: p.url };
    if (this.autoDownload.value && p.auto_follow_possible) body.settings = { auto_download: true };
    await this.follow.run(async () => {
      const r = await this.api.follow(body);
      const restored = r.restored ? ' It was removed before: its settings and history are back.' : '';
      this.done.set({
        playlistId: r.playlist.playlist_id,
        title: r.playlist.title,
        text: `Following ${r.playlist.title}: ${plural(r.fetched, 'entry', 'entries')} listed.${restored}`,
        warning: r.warning,
      });
      this.preview.set(null);
      this.form.reset();
      this.followed.emit(r.playlist.playlist_id);
    });
    this.progress.set(null);
  }
}
