import { ChangeDetectionStrategy, Component, input } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { MatCheckboxModule } from '@angular/material/checkbox';
import { ListPager } from '../../../shared/list-pager';
import { ListStatus } from '../../../shared/list-status';
import { WatchBadge } from '../../../shared/watch-badge';
import { formatClock } from '../../../shared/channel-format';
import { videoBadges, videoTitle } from '../playlist-format';
import type { EntryActions } from './entry-actions';
import type { PlaylistVideos } from './playlist-videos';

/** The entries of the page shown, as rows with their place, state and actions, and the pages. */
@Component({
  selector: 'app-entry-list',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ListPager, MatButtonModule, MatCheckboxModule, ListStatus, WatchBadge],
  templateUrl: './entry-list.html',
  styleUrls: [
    '../../../shared/media-card.css',
    '../../../shared/badges.css',
    '../../../shared/panel-part.css',
    '../../../shared/selectable-card.css',
    './entry-list.css',
  ],
})
export class EntryList {
  readonly videos = input.required<PlaylistVideos>();
  readonly actions = input.required<EntryActions>();
  readonly clock = formatClock;
  readonly badges = videoBadges;
  readonly title = videoTitle;
}
