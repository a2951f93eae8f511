import { Component, OnInit, inject, ChangeDetectionStrategy } from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { RouterLink } from '@angular/router';
import { ConfigApi } from '../../shared/config-form/config-api';
import { ConfigSchema } from '../../shared/config-form/config-schema';
import { PluginsApi } from '../../shared/plugin-switch/plugins-api';
import { MediaServersApi } from './media-servers-api';
import { MediaBrowserCard } from './mediabrowser-card';
import { MediaServersState } from './media-servers-state';
import { PlexCard } from './plex-card';
import { WatchStatusCard } from './watch-status-card';

/**
 * Settings, Media servers: one card per kind (Plex, Jellyfin, Emby) with its plugin's switch,
 * then the watch-status sync that reads from all of them.
 */
@Component({
  selector: 'app-media-servers-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [RouterLink, MatButtonModule, PlexCard, MediaBrowserCard, WatchStatusCard],
  template: `
    <nav class="back"><a routerLink="/settings">← Settings</a></nav>
    <h1>Media servers</h1>
    <p class="muted intro">
      Every followed playlist becomes a playlist on each connected server, in the playlist’s order, and new downloads
      are announced to the servers so that they show up in their libraries. Each server is a plugin that can be switched
      off here or on the <a routerLink="/settings/plugins">Plugins</a> page.
    </p>
    @if (state.error(); as e) {
      <div class="error" role="alert" data-testid="media-servers-error">
        <p>{{ e }}</p>
        <button mat-stroked-button type="button" (click)="state.load()">Try again</button>
      </div>
    }
    @if (state.switches.loadError(); as e) {
      <p class="error" role="alert">{{ e }}</p>
    }
    @if (state.config(); as view) {
      @if (state.switches.plugins()) {
        <div class="cards">
          <app-plex-card
            [view]="view"
            [switches]="state.switches"
            [connected]="state.connected('plex')"
            (saved)="state.saved($event)"
          />
          @for (m of mediaBrowsers; track m.kind) {
            <app-mediabrowser-card
              [kind]="m.kind"
              [label]="m.label"
              [view]="view"
              [switches]="state.switches"
              [connected]="state.connected(m.kind)"
              (saved)="state.saved($event)"
            />
          }
          <app-watch-status-card [view]="view" [anyConnected]="state.anyConnected()" (saved)="state.saved($event)" />
        </div>
      }
    } @else if (!state.error()) {
      <p class="muted" role="status">Loading the media-server settings…</p>
    }
  `,
  styles: `
    .cards {
      display: flex;
      flex-direction: column;
      gap: 16px;
      max-width: 960px;
    }
  `,
})
export class MediaServersPage implements OnInit {
  readonly state = new MediaServersState(
    inject(MediaServersApi),
    inject(PluginsApi),
    inject(ConfigApi),
    inject(ConfigSchema),
  );
  readonly mediaBrowsers = [
    { kind: 'jellyfin', label: 'Jellyfin' },
    { kind: 'emby', label: 'Emby' },
  ] as const;

  ngOnInit(): void {
    void this.state.load();
  }
}
