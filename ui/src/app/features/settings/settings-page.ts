import {
  Component,
  Injector,
  OnInit,
  afterNextRender,
  computed,
  inject,
  signal,
  ChangeDetectionStrategy,
} from '@angular/core';
import { MatButtonModule } from '@angular/material/button';
import { ActivatedRoute, RouterLink } from '@angular/router';
import { toApiError } from '../../core/api';
import { Auth } from '../../core/auth';
import { ApiKeysSection } from './api-keys-section';
import { ConfigSection } from './config-section';
import { CookiesCard } from './cookies-card';
import type { ConfigView } from '../../shared/config-form/config-fields';
import { DownloaderSection } from './downloader-section';
import { FeedsSettingsSection } from './feeds-settings-section';
import { PasswordSection } from './password-section';
import { SchedulesSection } from './schedules-section';
import { SessionsSection } from './sessions-section';
import { SettingsApi } from './settings-api';

interface NavEntry {
  id: string;
  label: string;
}

/**
 * Settings: configuration, cookies, API keys, sessions, password, podcast feeds, downloader tools
 * and scheduled tasks; links to the Media servers, Retention, Files on disk and Plugins pages.
 * `/settings#<section>` opens at that section (`#cookies` is where the advice of failed downloads
 * points).
 */
@Component({
  selector: 'app-settings-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    RouterLink,
    MatButtonModule,
    ConfigSection,
    ApiKeysSection,
    SessionsSection,
    PasswordSection,
    DownloaderSection,
    SchedulesSection,
    CookiesCard,
    FeedsSettingsSection,
  ],
  template: `
    <h1>Settings</h1>
    <nav class="toc" aria-label="Settings sections">
      @for (n of nav(); track n.id) {
        <button mat-stroked-button type="button" (click)="jump(n.id)" [attr.data-testid]="'settings-nav-' + n.id">
          {{ n.label }}
        </button>
      }
    </nav>
    <nav class="toc" aria-label="More settings">
      <a mat-flat-button routerLink="/settings/media-servers" data-testid="settings-media-servers"
        >Media servers<span aria-hidden="true"> →</span></a
      >
      <a mat-flat-button routerLink="/settings/retention" data-testid="settings-retention"
        >Retention<span aria-hidden="true"> →</span></a
      >
      <a mat-flat-button routerLink="/settings/notifications" data-testid="settings-notifications"
        >Notifications<span aria-hidden="true"> →</span></a
      >
      <a mat-flat-button routerLink="/settings/files" data-testid="settings-files"
        >Files on disk<span aria-hidden="true"> →</span></a
      >
      <a mat-flat-button routerLink="/settings/plugins" data-testid="settings-plugins"
        >Plugins<span aria-hidden="true"> →</span></a
      >
    </nav>

    <section id="settings-config" tabindex="-1" aria-label="Configuration">
      @if (configError()) {
        <div class="error" role="alert" data-testid="config-load-error">
          <p>The configuration could not be loaded: {{ configError() }}</p>
          <button mat-stroked-button type="button" (click)="loadConfig()">Try again</button>
        </div>
      }
      @if (config(); as view) {
        <app-config-section [view]="view" (saved)="config.set($event)" />
      } @else if (!configError()) {
        <p class="muted" role="status">Loading the configuration…</p>
      }
    </section>

    <section id="settings-cookies" tabindex="-1" aria-label="Cookies">
      <app-cookies-card (changed)="loadConfig()" />
    </section>

    <section id="settings-keys" tabindex="-1" aria-label="API keys"><app-api-keys-section /></section>

    @if (auth.authEnabled()) {
      <section id="settings-sessions" tabindex="-1" aria-label="Sessions"><app-sessions-section /></section>
      <section id="settings-password" tabindex="-1" aria-label="Change password"><app-password-section /></section>
    }

    <section id="settings-feeds" tabindex="-1" aria-label="Podcast feeds"><app-feeds-settings-section /></section>

    <section id="settings-tools" tabindex="-1" aria-label="Downloader tools">
      <app-downloader-section
        [updatesManaged]="config()?.isPlatformManaged?.ytdlpUpdates ?? false"
        [platform]="config()?.deploymentEnvironment?.platform ?? null"
      />
    </section>

    <section id="settings-schedules" tabindex="-1" aria-label="Scheduled tasks"><app-schedules-section /></section>
  `,
  styles: `
    :host {
      display: block;
    }
    .toc {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      margin-bottom: 16px;
    }
    section {
      margin-bottom: 24px;
      scroll-margin-top: 8px;
      outline: none;
    }
    .error p {
      margin: 8px 0;
    }
  `,
})
export class SettingsPage implements OnInit {
  private readonly api = inject(SettingsApi);
  readonly auth = inject(Auth);
  readonly config = signal<ConfigView | null>(null);
  readonly configError = signal<string | null>(null);
  readonly nav = computed<NavEntry[]>(() => [
    { id: 'config', label: 'Configuration' },
    { id: 'cookies', label: 'Cookies' },
    { id: 'keys', label: 'API keys' },
    ...(this.auth.authEnabled()
      ? [
          { id: 'sessions', label: 'Sessions' },
          { id: 'password', label: 'Password' },
        ]
      : []),
    { id: 'feeds', label: 'Podcast feeds' },
    { id: 'tools', label: 'Downloader tools' },
    { id: 'schedules', label: 'Scheduled tasks' },
  ]);

  private readonly route = inject(ActivatedRoute);
  private readonly injector = inject(Injector);

  ngOnInit(): void {
    void this.loadConfig();
    // A link to a section (e.g. /settings#cookies from a download's advice) lands on it.
    const fragment = this.route.snapshot.fragment;
    if (fragment && this.nav().some((n) => n.id === fragment)) {
      afterNextRender(() => this.jump(fragment), { injector: this.injector });
    }
  }

  async loadConfig(): Promise<void> {
    this.configError.set(null);
    try {
      this.config.set(await this.api.config());
    } catch (err) {
      this.configError.set(toApiError(err).message);
    }
  }

  /** Scrolls to a section and moves the keyboard focus there. */
  jump(id: string): void {
    const el = document.getElementById(`settings-${id}`);
    if (!el) return;
    el.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
  }
}
