import { Component, ElementRef, Injector, computed, inject, input, output } from '@angular/core';
import { ReactiveFormsModule } from '@angular/forms';
import { MatButtonModule } from '@angular/material/button';
import { Api } from '../../core/api';
import { Outcome } from '../../shared/outcome';
import type { PluginSwitches } from '../plugins/plugin-switches';
import { ConfigFieldControl } from '../settings/config-field';
import type { ConfigView } from '../settings/config-fields';
import { focusFirstInvalid } from '../settings/config-form';
import { ConfigFormActions } from '../settings/config-form-actions';
import { MediaBrowserSettings, type MediaBrowserKind } from './mediabrowser-settings';
import { ServerCard } from './server-card';

/**
 * A Jellyfin or Emby card: publish on or off, URL, API key (write-only), the playlist owner and
 * the video libraries picked from the server's lists, Test connection, Save. The state is in
 * `MediaBrowserSettings`.
 */
@Component({
  selector: 'app-mediabrowser-card',
  imports: [ReactiveFormsModule, MatButtonModule, Outcome, ServerCard, ConfigFieldControl, ConfigFormActions],
  templateUrl: './mediabrowser-card.html',
  styleUrl: './server-card-body.css',
})
export class MediaBrowserCard {
  private readonly api = inject(Api);
  private readonly host = inject<ElementRef<HTMLElement>>(ElementRef);
  private readonly injector = inject(Injector);
  readonly kind = input.required<MediaBrowserKind>();
  readonly label = input.required<string>();
  readonly view = input.required<ConfigView>();
  readonly switches = input.required<PluginSwitches>();
  readonly connected = input<boolean | null>(null);
  /** The server's new view after a save. */
  readonly saved = output<ConfigView>();

  /** One per card (the kind never changes). */
  readonly settings = computed(
    () =>
      new MediaBrowserSettings(
        {
          api: this.api,
          view: this.view,
          saved: (v) => this.saved.emit(v),
          invalid: () => focusFirstInvalid(this.host.nativeElement, this.injector),
        },
        this.kind(),
        this.label(),
      ),
  );
  readonly off = computed(() => this.switches().plugin(this.kind())?.enabled === false);
}
