import { ChangeDetectionStrategy, Component, computed, input, output } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import type { PluginSwitches } from '../../shared/plugin-switch/plugin-switches';
import { ConfigFieldControl } from '../../shared/config-form/config-field';
import type { ConfigView } from '../../shared/config-form/config-fields';
import { ConfigFormActions } from '../../shared/config-form/config-form-actions';
import { ConnectionTest } from './connection-test';
import { MediaBrowserSettings, type MediaBrowserKind } from './mediabrowser-settings';
import { ServerCard } from './server-card';
import { cardOptions } from './server-settings';

/**
 * A Jellyfin or Emby card: publish on or off, URL, API key (write-only), the playlist owner and
 * the video libraries picked from the server's lists, Test connection, Save. The state is in
 * `MediaBrowserSettings`.
 */
@Component({
  selector: 'app-mediabrowser-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [ReactiveFormsModule, ServerCard, ConfigFieldControl, ConnectionTest, ConfigFormActions],
  templateUrl: './mediabrowser-card.html',
  styleUrl: './server-card-body.css',
})
export class MediaBrowserCard {
  readonly kind = input.required<MediaBrowserKind>();
  readonly label = input.required<string>();
  readonly view = input.required<ConfigView>();
  readonly switches = input.required<PluginSwitches>();
  readonly connected = input<boolean | null>(null);
  /** The server's new view after a save. */
  readonly saved = output<ConfigView>();

  private readonly options = cardOptions(this.view, (v) => this.saved.emit(v));
  /** One per card (the kind never changes). */
  readonly settings = computed(() => new MediaBrowserSettings(this.options, this.kind(), this.label()));
  readonly off = computed(() => this.switches().plugin(this.kind())?.enabled === false);
}
