import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { BusyButton } from '../../../shared/busy-button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { ListPager } from '../../../shared/list-pager';
import { ListStatus } from '../../../shared/list-status';
import { WatchBadge } from '../../../shared/watch-badge';
import { formatClock, plural } from '../../../shared/channel-format';
import type { ChannelVideos } from './channel-videos';
import type { VideoView } from './selection-bar';
import type { VideoActions } from './video-actions';

/**
 * The videos of the page shown, as cards or rows, with their state (downloaded, watched and by
 * whom on hover, ...) and actions, and the pages.
 */
@Component({
  selector: 'app-video-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [BusyButton, DatePipe, ListPager, MatCheckboxModule, ListStatus, WatchBadge],
  templateUrl: './video-list.html',
  styleUrls: [
    '../../../shared/media-card.css',
    '../../../shared/badges.css',
    '../../../shared/panel-part.css',
    '../../../shared/selectable-card.css',
    './video-list.css',
  ],
})
export class VideoList {
  readonly videos = input.required<ChannelVideos>();
  readonly actions = input.required<VideoActions>();
  readonly view = input.required<VideoView>();
  readonly clock = formatClock;
  /** "1,200 videos": grouped like every other figure of the page. */
  readonly count = (n: number) => plural(n, 'video');
}
