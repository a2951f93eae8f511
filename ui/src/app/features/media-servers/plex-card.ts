import { DOCUMENT } from '@angular/common';
import { ChangeDetectionStrategy, Component, DestroyRef, computed, inject, input, output } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { ConfigApi } from '../../shared/config-form/config-api';
import { BusyButton } from '../../shared/busy-button';
import { Outcome } from '../../shared/outcome';
import type { PluginSwitches } from '../../shared/plugin-switch/plugin-switches';
import { ConfigFieldControl } from '../../shared/config-form/config-field';
import type { ConfigView } from '../../shared/config-form/config-fields';
import { ConfigFormActions } from '../../shared/config-form/config-form-actions';
import { ConnectionTest } from './connection-test';
import { MediaServersApi } from './media-servers-api';
import { PlexSettings } from './plex-settings';
import { PlexSignIn } from './plex-sign-in';
import { ServerCard } from './server-card';
import { cardOptions } from './server-settings';
import { SubfolderLibraries } from './subfolder-libraries';

/**
 * The Plex card: the address (the URL read-only with why while `MEDIASERVER_URL` forces it, or
 * host, port and https), the tokens (write-only) and "Sign in with Plex" (the PIN flow in a
 * popup), the libraries scanned after downloads, Test connection, Save. The state is in
 * `PlexSettings` and `PlexSignIn`.
 */
@Component({
  selector: 'app-plex-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [
    ReactiveFormsModule,
    MatButtonModule,
    Outcome,
    BusyButton,
    ServerCard,
    ConfigFieldControl,
    ConnectionTest,
    ConfigFormActions,
    SubfolderLibraries,
  ],
  templateUrl: './plex-card.html',
  styleUrl: './server-card-body.css',
})
export class PlexCard {
  private readonly config = inject(ConfigApi);
  private readonly window = inject(DOCUMENT).defaultView;
  readonly view = input.required<ConfigView>();
  readonly switches = input.required<PluginSwitches>();
  readonly connected = input<boolean | null>(null);
  /** The server's new view after a save or a sign-in. */
  readonly saved = output<ConfigView>();

  readonly settings = new PlexSettings(cardOptions(this.view, (v) => this.saved.emit(v)));
  readonly signIn = new PlexSignIn({
    api: inject(MediaServersApi),
    // Not `noopener`, and the opener is not cut: Chromium refuses to close a window whose opener
    // was set to null, and the card closes the window once the sign-in is through.
    openWindow: () => this.window?.open('', 'vidkeep-plex-sign-in', 'popup,width=620,height=720') ?? null,
    signedIn: () => void this.afterSignIn(),
  });
  readonly off = computed(() => this.switches().plugin('plex')?.enabled === false);

  constructor() {
    inject(DestroyRef).onDestroy(() => this.signIn.stop());
  }

  /** The token is saved: show it as set, and check what it reaches. */
  private async afterSignIn(): Promise<void> {
    try {
      this.saved.emit((await this.config.view()) as ConfigView);
    } catch {
      // The page keeps the view it has; the test below still uses the saved token.
    }
    await this.settings.testConnection();
  }
}
