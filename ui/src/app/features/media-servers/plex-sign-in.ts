import { signal } from '@angular/core';
import { toApiError } from '../../core/api';
import type { MediaServersApi } from './media-servers-api';

/** How often the PIN is checked while the sign-in window is open. */
export const PIN_POLL_MS = 2000;
/** When to give up waiting for the approval. */
export const PIN_GIVE_UP_MS = 5 * 60_000;

export interface PlexSignInOptions {
  api: MediaServersApi;
  /**
   * Opens the sign-in window. Called during the click, before anything is awaited, so that no
   * popup blocker stops it; it shows the plex.tv page once the server gave its address.
   */
  openWindow: () => Window | null;
  /** The server saved the token: the page reads the configuration again. */
  signedIn: () => void;
}

/**
 * Plex sign-in by PIN: the server creates a PIN (`GET /plex/auth-url`), the user approves it on
 * app.plex.tv in a popup, and the page checks `GET /plex/check-pin/:pinId` every 2 s until the
 * server has saved the token, refused it (an account without access to the server), the window
 * was closed without approving, or 5 minutes passed. The token itself never reaches the page.
 */
export class PlexSignIn {
  readonly waiting = signal(false);
  readonly notice = signal<string | null>(null);
  readonly error = signal<string | null>(null);
  /** The plex.tv page, offered as a link when no window could be opened. */
  readonly authUrl = signal<string | null>(null);

  private popup: Window | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  private run = 0;

  constructor(private readonly options: PlexSignInOptions) {}

  async start(): Promise<void> {
    this.stop();
    const run = ++this.run;
    this.popup = this.options.openWindow();
    this.error.set(null);
    this.authUrl.set(null);
    this.notice.set('Opening the Plex sign-in…');
    this.waiting.set(true);
    try {
      const { authUrl, pinId } = await this.options.api.plexAuthUrl();
      if (run !== this.run) return;
      if (this.popup && !this.popup.closed) this.popup.location.href = authUrl;
      else this.authUrl.set(authUrl);
      this.notice.set(
        this.popup ? 'Approve vidkeep in the Plex window…' : 'Open the Plex page below and approve vidkeep there…',
      );
      this.startedAt = Date.now();
      this.schedule(run, pinId);
    } catch (err) {
      if (run === this.run) this.finish(`Not signed in: ${toApiError(err).message}`);
    }
  }

  /** Stops waiting (the page is left, or the user starts again). */
  stop(): void {
    this.run++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.popup?.close();
    this.popup = null;
    this.waiting.set(false);
  }

  private schedule(run: number, pinId: number): void {
    this.timer = setTimeout(() => void this.check(run, pinId), PIN_POLL_MS);
  }

  private async check(run: number, pinId: number): Promise<void> {
    try {
      const r = await this.options.api.plexCheckPin(pinId);
      if (run !== this.run) return;
      if (r.status === 'saved') {
        this.finish(null, r.message);
        this.options.signedIn();
      } else if (r.status === 'rejected') {
        this.finish(`Not signed in: ${r.message}`);
      } else if (this.popup?.closed) {
        this.finish('Not signed in: the Plex window was closed before vidkeep was approved.');
      } else if (Date.now() - this.startedAt >= PIN_GIVE_UP_MS) {
        this.finish('Not signed in: no approval arrived within 5 minutes. Start the sign-in again.');
      } else {
        this.schedule(run, pinId);
      }
    } catch (err) {
      if (run === this.run) this.finish(`Not signed in: ${toApiError(err).message}`);
    }
  }

  private finish(error: string | null, notice: string | null = null): void {
    this.stop();
    this.error.set(error);
    this.notice.set(notice);
    this.authUrl.set(null);
  }
}
