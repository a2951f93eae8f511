import { Component, computed, input, ChangeDetectionStrategy } from '@angular/core';
import { MatCardModule } from '@angular/material/card';
import { PluginSwitch } from '../../shared/plugin-switch/plugin-switch';
import type { PluginSwitches } from '../../shared/plugin-switch/plugin-switches';
import { serverState } from './server-format';

/**
 * The frame of a media-server card: the kind's name, its state (connected, not set up, switched
 * off) and its plugin's on/off switch; what is missing or that it is switched off in words; the
 * kind's settings projected below. Test id `server-card-<kind>`.
 */
@Component({
  selector: 'app-server-card',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [MatCardModule, PluginSwitch],
  template: `
    <mat-card appearance="outlined" [attr.data-testid]="'server-card-' + kind()">
      <div class="head">
        <h2 [id]="kind() + '-title'">{{ label() }}</h2>
        <span class="badge" [class.ok]="state().tone === 'ok'" [attr.data-testid]="kind() + '-state'">{{
          state().text
        }}</span>
        <span class="grow"></span>
        <app-plugin-switch [switches]="switches()" [pluginId]="kind()" [label]="label()" caption="Plugin" />
      </div>
      @if (!plugin()?.inManifest) {
        <p class="muted" [attr.data-testid]="kind() + '-not-loaded'">
          Not loaded: plugin-manifest.json does not enable the {{ kind() }} plugin. Enable its entry and restart to use
          {{ label() }}.
        </p>
      } @else {
        @if (!plugin()?.enabled) {
          <p class="warn" [attr.data-testid]="kind() + '-off'">
            Switched off: vidkeep sends nothing to {{ label() }} and syncs no playlist there. The settings below are
            kept; switch it on to use them.
          </p>
        } @else if (connected() === false && missing()) {
          <p class="muted" [attr.data-testid]="kind() + '-missing'">{{ missing() }}</p>
        }
        <p class="muted small" [attr.data-testid]="kind() + '-plugin-hint'">
          “Plugin” above switches everything vidkeep does with {{ label() }}; the settings below choose what it does
          while on.
        </p>
        <ng-content />
      }
    </mat-card>
  `,
  styleUrls: ['../../shared/badges.css', './server-card-frame.css'],
})
export class ServerCard {
  readonly kind = input.required<string>();
  readonly label = input.required<string>();
  readonly switches = input.required<PluginSwitches>();
  /** Set up and switched on, as `GET /api/mediaservers/status` says; null while unknown. */
  readonly connected = input<boolean | null>(null);
  /** What is missing before playlists go there (shown while it is on and not connected). */
  readonly missing = input<string | null>(null);
  readonly plugin = computed(() => this.switches().plugin(this.kind()));
  readonly state = computed(() => serverState(this.plugin(), this.connected()));
}
