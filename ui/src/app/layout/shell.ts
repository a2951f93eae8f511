import { BreakpointObserver } from '@angular/cdk/layout';
import { Component, OnDestroy, OnInit, computed, inject, ChangeDetectionStrategy } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { MatButtonModule } from '@angular/material/button';
import { MatListModule } from '@angular/material/list';
import { MatSidenavModule } from '@angular/material/sidenav';
import { MatToolbarModule } from '@angular/material/toolbar';
import { MatTooltipModule } from '@angular/material/tooltip';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';
import { map } from 'rxjs';
import { Auth } from '../core/auth';
import { Live } from '../core/live';
import { Theme } from '../core/theme';
import { ToolBanner } from './tool-banner';

@Component({
  selector: 'app-shell',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    RouterOutlet,
    RouterLink,
    RouterLinkActive,
    MatToolbarModule,
    MatSidenavModule,
    MatListModule,
    MatButtonModule,
    MatTooltipModule,
    ToolBanner,
  ],
  template: `
    <header class="top">
      <mat-toolbar class="bar">
        @if (handset()) {
          <button mat-icon-button type="button" (click)="drawer.toggle()" aria-label="Open navigation">
            <span aria-hidden="true">☰</span>
          </button>
        }
        <a class="brand" routerLink="/downloads">vidkeep</a>
        <span class="spacer"></span>
        <span
          class="live"
          [class.on]="live.connected()"
          [attr.aria-label]="live.connected() ? 'Live updates connected' : 'Live updates disconnected'"
          role="status"
        >
          {{ live.connected() ? 'live' : 'offline' }}
        </span>
        <button
          mat-icon-button
          type="button"
          (click)="theme.toggle()"
          [attr.aria-label]="theme.choice() === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'"
          [matTooltip]="'Theme'"
        >
          <span aria-hidden="true">{{ theme.choice() === 'dark' ? '☀' : '☾' }}</span>
        </button>
        @if (auth.authEnabled()) {
          <button mat-button type="button" (click)="auth.logout()" data-testid="logout">
            Sign out<span class="user"> {{ auth.username() }}</span>
          </button>
        }
      </mat-toolbar>
    </header>
    <mat-sidenav-container class="container">
      <mat-sidenav #drawer [mode]="handset() ? 'over' : 'side'" [opened]="!handset()" class="nav">
        <mat-nav-list aria-label="Main">
          @for (item of nav; track item.path) {
            <a
              mat-list-item
              [routerLink]="item.path"
              routerLinkActive="active"
              #rla="routerLinkActive"
              [activated]="rla.isActive"
              (click)="handset() && drawer.close()"
            >
              <span matListItemTitle>{{ item.label }}</span>
            </a>
          }
        </mat-nav-list>
      </mat-sidenav>
      <mat-sidenav-content class="content">
        <app-tool-banner />
        <main><router-outlet /></main>
      </mat-sidenav-content>
    </mat-sidenav-container>
  `,
  styles: `
    :host {
      display: flex;
      flex-direction: column;
      height: 100vh;
    }
    .top {
      position: sticky;
      top: 0;
      z-index: 2;
    }
    .bar {
      gap: 8px;
    }
    .brand {
      color: inherit;
      text-decoration: none;
      font-weight: 600;
    }
    .spacer {
      flex: 1;
    }
    .live {
      font-size: 12px;
      padding: 2px 8px;
      border-radius: 10px;
      background: var(--mat-sys-surface-variant);
    }
    .live.on {
      background: var(--mat-sys-primary-container);
    }
    .container {
      flex: 1;
    }
    .nav {
      width: 220px;
    }
    main {
      padding: 16px;
      max-width: 1200px;
      margin: 0 auto;
    }
    @media (max-width: 599px) {
      main {
        padding: 8px;
      }
    }
    /* The narrowest phones: the toolbar fits without the user's name. */
    @media (max-width: 379px) {
      .user {
        display: none;
      }
    }
  `,
})
export class Shell implements OnInit, OnDestroy {
  readonly auth = inject(Auth);
  readonly live = inject(Live);
  readonly theme = inject(Theme);
  readonly handset = toSignal(
    inject(BreakpointObserver)
      .observe('(max-width: 799px)')
      .pipe(map((s) => s.matches)),
    { initialValue: false },
  );
  readonly nav = [
    { path: '/downloads', label: 'Downloads', icon: 'download' },
    { path: '/library', label: 'Library', icon: 'video_library' },
    { path: '/channels', label: 'Channels', icon: 'subscriptions' },
    { path: '/playlists', label: 'Playlists', icon: 'playlist_play' },
    { path: '/settings', label: 'Settings', icon: 'settings' },
  ];
  readonly title = computed(() => 'vidkeep');

  ngOnInit(): void {
    this.live.start();
  }

  ngOnDestroy(): void {
    this.live.stop();
  }
}
